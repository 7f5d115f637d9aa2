/** Employees: search by name or email, filter by status, sortable table, create and edit dialog, toggle active. */
import { ActiveToggleButton, EditRowButton } from '@/features/back-office/components/row-actions';
import { zodResolver } from '@hookform/resolvers/zod';
import { AdminCreateEmployeeInput, type AdminEmployee, AdminUpdateEmployeeInput } from '@meatshop/shared/admin-people';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Select } from '@/components/ui/select';
import { useOutlets } from '@/features/back-office/api/outlets';
import { useEmployees, useRoles, useSaveEmployee, useSetEmployeeActive } from '@/features/back-office/api/people';
import { ActiveBadge, AddButton, useEditDialog } from '@/features/back-office/components/admin-ui';
import { type DataColumn, type DataFilter, DataTable } from '@/features/back-office/components/data-table';
import { DialogForm, FormDialog } from '@/features/back-office/components/form-dialog';
import { applyServerFieldErrors } from '@/features/auth/components/apply-server-errors';
import { errorMessage } from '@/lib/api-client';

const columns: DataColumn<AdminEmployee>[] = [
  {
    id: 'employee',
    header: 'Employee',
    sortBy: (e) => e.fullName,
    hideable: false,
    onCard: false,
    cell: (e) => (
      <>
        <p className="font-semibold text-ink">{e.fullName}</p>
        <p className="text-xs text-muted">{e.email}</p>
      </>
    ),
  },
  { id: 'outlet', header: 'Outlet', sortBy: (e) => e.outlet.name, cell: (e) => e.outlet.name },
  { id: 'role', header: 'Role', sortBy: (e) => e.role.name, cell: (e) => e.role.name },
  { id: 'status', header: 'Status', sortBy: (e) => e.isActive, cell: (e) => <ActiveBadge active={e.isActive} /> },
];

const statusFilter: DataFilter<AdminEmployee> = {
  id: 'status',
  label: 'Status',
  options: [
    { value: '', label: 'All statuses' },
    { value: 'active', label: 'Active' },
    { value: 'inactive', label: 'Inactive' },
  ],
  test: (e, v) => e.isActive === (v === 'active'),
};

export function EmployeesScreen() {
  const employees = useEmployees();
  const dialog = useEditDialog<AdminEmployee>();

  return (
    <div>
      <DataTable
        label="Employees"
        query={employees}
        rowKey={(e) => e.id}
        columns={columns}
        card={{ title: (e) => e.fullName, subtitle: (e) => e.email }}
        actions={(e) => <EmployeeActions employee={e} onEdit={() => dialog.openEdit(e)} />}
        search={{ label: 'Search employees', placeholder: 'Search by name or email', fields: (e) => [e.fullName, e.email] }}
        filters={[statusFilter]}
        toolbar={<AddButton label="Add Employee" onClick={dialog.openNew} />}
        errorMessage="Failed to load employees"
        empty={{ icon: Users, title: 'No employees found', description: 'Try adjusting your search or add an employee.' }}
      />
      <FormDialog
        open={dialog.open}
        onOpenChange={dialog.setOpen}
        title={dialog.editing ? 'Edit Employee' : 'Add Employee'}
        description={
          dialog.editing ? `${dialog.editing.fullName} · ${dialog.editing.email}` : 'The employee signs in with this email and password.'
        }
      >
        <EmployeeForm employee={dialog.editing} onDone={() => dialog.setOpen(false)} />
      </FormDialog>
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
    <DialogForm
      onSubmit={onSubmit}
      serverError={serverError}
      pending={save.isPending}
      submitLabel={employee ? 'Update Employee' : 'Create Employee'}
      onCancel={onDone}
    >
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
    </DialogForm>
  );
}
