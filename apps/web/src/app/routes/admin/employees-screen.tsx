/** Employees (spec section 2): search by name or email, table, create and edit modal, toggle active. */
import { ActiveToggleButton, EditRowButton } from '@/features/admin/components/row-actions';
import { zodResolver } from '@hookform/resolvers/zod';
import { AdminCreateEmployeeInput, type AdminEmployee, AdminUpdateEmployeeInput } from '@meatshop/shared/admin-people';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Select } from '@/components/ui/select';
import { useOutlets } from '@/features/admin/api/outlets';
import { useEmployees, useRoles, useSaveEmployee, useSetEmployeeActive } from '@/features/admin/api/people';
import {
  AddButton,
  cellClass,
  Fact,
  ListStates,
  ListTable,
  matches,
  RecordCard,
  rowClass,
  SearchBox,
  Toolbar,
  useEditDialog,
} from '@/features/admin/components/admin-ui';
import { applyServerFieldErrors } from '@/features/auth/components/apply-server-errors';
import { errorMessage } from '@/lib/api-client';

export function EmployeesScreen() {
  const employees = useEmployees();
  const [query, setQuery] = useState('');
  const dialog = useEditDialog<AdminEmployee>();
  const list = (employees.data ?? []).filter((e) => matches(query, e.fullName, e.email));

  return (
    <div>
      <Toolbar actions={<AddButton label="Add Employee" onClick={dialog.openNew} />}>
        <SearchBox value={query} onChange={setQuery} label="Search employees" placeholder="Search by name or email" />
      </Toolbar>
      <ListStates
        query={employees}
        isEmpty={list.length === 0}
        errorMessage="Failed to load employees"
        empty={{ icon: Users, title: 'No employees found', description: 'Try adjusting your search or add an employee.' }}
      >
        <ListTable
          label="Employees"
          columns={['Employee', 'Outlet', 'Role', 'Status']}
          pending={employees.isPending}
          cards={list.map((e) => (
            <RecordCard
              key={e.id}
              title={e.fullName}
              subtitle={e.email}
              actions={<EmployeeActions employee={e} onEdit={() => dialog.openEdit(e)} />}
            >
              <Fact label="Outlet">{e.outlet.name}</Fact>
              <Fact label="Role">{e.role.name}</Fact>
              <Fact label="Status">
                <Badge tone={e.isActive ? 'success' : 'danger'}>{e.isActive ? 'Active' : 'Inactive'}</Badge>
              </Fact>
            </RecordCard>
          ))}
        >
          {list.map((e) => (
            <tr key={e.id} className={rowClass}>
              <td className={cellClass}>
                <p className="font-semibold text-ink">{e.fullName}</p>
                <p className="text-xs text-muted">{e.email}</p>
              </td>
              <td className={cellClass}>{e.outlet.name}</td>
              <td className={cellClass}>{e.role.name}</td>
              <td className={cellClass}>
                <Badge tone={e.isActive ? 'success' : 'danger'}>{e.isActive ? 'Active' : 'Inactive'}</Badge>
              </td>
              <td className={`${cellClass} text-right whitespace-nowrap`}>
                <EmployeeActions employee={e} onEdit={() => dialog.openEdit(e)} />
              </td>
            </tr>
          ))}
        </ListTable>
      </ListStates>
      <Dialog open={dialog.open} onOpenChange={dialog.setOpen}>
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>{dialog.editing ? 'Edit Employee' : 'Add Employee'}</DialogTitle>
            <DialogDescription>
              {dialog.editing
                ? `${dialog.editing.fullName} · ${dialog.editing.email}`
                : 'The employee signs in with this email and password.'}
            </DialogDescription>
          </DialogHeader>
          {dialog.open ? <EmployeeForm employee={dialog.editing} onDone={() => dialog.setOpen(false)} /> : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** Edit and activate/deactivate: the same buttons in the table row and the phone card. */
function EmployeeActions({ employee, onEdit }: { employee: AdminEmployee; onEdit: () => void }) {
  const setActive = useSetEmployeeActive();
  return (
    <>
      <EditRowButton name={employee.fullName} onEdit={onEdit} />
      <ActiveToggleButton
        name={employee.fullName}
        isActive={employee.isActive}
        pending={setActive.isPending && setActive.variables?.id === employee.id}
        onToggle={() =>
          setActive.mutate(
            { id: employee.id, isActive: !employee.isActive },
            {
              onSuccess: (x) => toast.success(x.isActive ? 'Employee activated successfully' : 'Employee deactivated successfully'),
              onError: (err) => toast.error(errorMessage(err, 'Failed to update employee')),
            },
          )
        }
      />
    </>
  );
}

type EmployeeValues = { email?: string; fullName?: string; password?: string; outletId: string; roleId: number };

function EmployeeForm({ employee, onDone }: { employee: AdminEmployee | null; onDone: () => void }) {
  const outlets = useOutlets();
  const roles = useRoles();
  const save = useSaveEmployee();
  const [serverError, setServerError] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EmployeeValues>({
    resolver: zodResolver((employee ? AdminUpdateEmployeeInput : AdminCreateEmployeeInput) as typeof AdminCreateEmployeeInput) as never,
    defaultValues: employee
      ? { outletId: employee.outlet.id, roleId: employee.role.id }
      : { email: '', fullName: '', password: '', outletId: '', roleId: undefined as unknown as number },
  });

  const onSubmit = handleSubmit((v) => {
    setServerError('');
    const mutation = employee
      ? { id: employee.id, input: { outletId: v.outletId, roleId: v.roleId } }
      : { input: { email: v.email ?? '', fullName: v.fullName ?? '', password: v.password ?? '', outletId: v.outletId, roleId: v.roleId } };
    save.mutate(mutation, {
      onSuccess: () => {
        toast.success(employee ? 'Employee updated successfully' : 'Employee created successfully');
        onDone();
      },
      onError: (err) => {
        applyServerFieldErrors(err, ['email', 'fullName', 'password', 'outletId', 'roleId'], setError);
        setServerError(errorMessage(err, employee ? 'Failed to update employee' : 'Failed to create employee'));
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {serverError ? (
        <p role="alert" className="rounded-xl bg-danger-soft p-3 text-sm font-medium text-danger">
          {serverError}
        </p>
      ) : null}
      {employee ? null : (
        <>
          <Field id="employee-email" label="Email" error={errors.email?.message}>
            <Input id="employee-email" type="email" autoComplete="off" invalid={!!errors.email} {...register('email')} />
          </Field>
          <Field id="employee-name" label="Full Name" error={errors.fullName?.message}>
            <Input id="employee-name" invalid={!!errors.fullName} {...register('fullName')} />
          </Field>
          <Field id="employee-password" label="Password" error={errors.password?.message}>
            <PasswordInput id="employee-password" autoComplete="new-password" invalid={!!errors.password} {...register('password')} />
          </Field>
        </>
      )}
      <Field
        id="employee-outlet"
        label="Outlet"
        error={errors.outletId?.message ?? (outlets.isError ? 'Failed to load outlets' : undefined)}
      >
        <Select id="employee-outlet" invalid={!!errors.outletId} {...register('outletId')}>
          <option value="">Select an outlet</option>
          {(outlets.data ?? []).map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="employee-role" label="Role" error={errors.roleId?.message ?? (roles.isError ? 'Failed to load roles' : undefined)}>
        <Select
          id="employee-role"
          invalid={!!errors.roleId}
          {...register('roleId', { setValueAs: (v) => (v === '' || v == null ? undefined : Number(v)) })}
        >
          <option value="">Select a role</option>
          {(roles.data ?? []).map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </Select>
      </Field>
      <div className="flex justify-end gap-3 pt-2">
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" pending={save.isPending} pendingText="Saving...">
          {employee ? 'Update Employee' : 'Create Employee'}
        </Button>
      </div>
    </form>
  );
}
