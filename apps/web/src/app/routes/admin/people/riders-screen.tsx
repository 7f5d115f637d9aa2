/**
 * Delivery riders: search, filter by approval, sortable table, create/edit dialog, activate/deactivate, delete, and
 * Approve or Decline for riders who signed up on their own (they wait, Pending, until then).
 */
import { ActiveToggleButton, EditRowButton } from '@/features/back-office/components/row-actions';
import { zodResolver } from '@hookform/resolvers/zod';
import { AdminCreateRiderInput, type AdminRider, AdminUpdateRiderInput } from '@meatshop/shared/admin-people';
import { RIDER_APPROVAL_LABEL } from '@meatshop/shared/status';
import { Bike, Check, Star, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Select } from '@/components/ui/select';
import { useDecideRider, useDeleteRider, useRiders, useSaveRider, useSetRiderActive } from '@/features/back-office/api/people';
import { AddButton, useEditDialog } from '@/features/back-office/components/admin-ui';
import { type DataColumn, type DataFilter, DataTable } from '@/features/back-office/components/data-table';
import { DialogForm, FormDialog } from '@/features/back-office/components/form-dialog';
import { ConfirmDialog } from '@/features/back-office/components/confirm-dialog';
import { applyServerFieldErrors } from '@/features/auth/components/apply-server-errors';
import { errorMessage } from '@/lib/api-client';
import { formatPhone } from '@/lib/format';

const columns: DataColumn<AdminRider>[] = [
  {
    id: 'rider',
    header: 'Rider',
    sortBy: (r) => r.fullName,
    hideable: false,
    onCard: false,
    cell: (r) => (
      <>
        <p className="font-semibold text-ink">{r.fullName}</p>
        <p className="text-xs text-muted">{r.email}</p>
        <p className="text-xs whitespace-nowrap text-muted">{formatPhone(r.phone)}</p>
      </>
    ),
  },
  { id: 'vehicle', header: 'Vehicle', sortBy: (r) => r.vehicleType, className: 'capitalize', cell: (r) => r.vehicleType },
  { id: 'status', header: 'Status', sortBy: (r) => r.status, className: 'space-x-1', cell: (r) => <RiderBadges rider={r} /> },
  { id: 'performance', header: 'Performance', sortBy: (r) => r.rating, cell: (r) => <RiderPerformance rider={r} /> },
];

const approvalFilter: DataFilter<AdminRider> = {
  id: 'approval',
  label: 'Approval',
  options: [
    { value: '', label: 'All riders' },
    { value: 'pending', label: RIDER_APPROVAL_LABEL.pending },
    { value: 'approved', label: RIDER_APPROVAL_LABEL.approved },
    { value: 'declined', label: RIDER_APPROVAL_LABEL.declined },
  ],
  test: (r, v) => r.approval === v,
};

export function RidersScreen() {
  const riders = useRiders();
  const del = useDeleteRider();
  const dialog = useEditDialog<AdminRider>();
  const [deleting, setDeleting] = useState<AdminRider | null>(null);

  return (
    <div>
      <DataTable
        label="Delivery riders"
        query={riders}
        rowKey={(r) => r.id}
        columns={columns}
        card={{
          title: (r) => r.fullName,
          subtitle: (r) => (
            <>
              <span className="block">{r.email}</span>
              <span className="block">{formatPhone(r.phone)}</span>
            </>
          ),
        }}
        actions={(r) => <RiderActions rider={r} onEdit={() => dialog.openEdit(r)} onDelete={() => setDeleting(r)} />}
        search={{ label: 'Search riders', placeholder: 'Search by name, email or phone', fields: (r) => [r.fullName, r.email, r.phone] }}
        filters={[approvalFilter]}
        toolbar={<AddButton label="Add Rider" onClick={dialog.openNew} />}
        errorMessage="Failed to load riders"
        empty={{ icon: Bike, title: 'No riders found' }}
      />
      <RiderFormDialog open={dialog.open} onOpenChange={dialog.setOpen} rider={dialog.editing} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete rider"
        message="Are you sure you want to delete this rider? A rider with deliveries is deactivated instead, keeping their history."
        pending={del.isPending}
        onConfirm={() =>
          deleting &&
          del.mutate(deleting.id, {
            onSuccess: (res) => {
              toast.success(res.outcome === 'deleted' ? 'Rider deleted successfully' : 'Rider has deliveries, so was deactivated instead');
              setDeleting(null);
            },
            onError: (err) => toast.error(errorMessage(err, 'Failed to delete rider')),
          })
        }
      />
    </div>
  );
}

function RiderBadges({ rider }: { rider: AdminRider }) {
  return (
    <>
      <Badge tone={rider.status === 'online' ? 'success' : rider.status === 'delivering' ? 'info' : 'neutral'} className="capitalize">
        {rider.status}
      </Badge>{' '}
      {rider.approval === 'approved' ? (
        <Badge tone={rider.isActive ? 'success' : 'danger'}>{rider.isActive ? 'Active' : 'Inactive'}</Badge>
      ) : (
        <Badge tone={rider.approval === 'pending' ? 'warning' : 'danger'}>{RIDER_APPROVAL_LABEL[rider.approval]}</Badge>
      )}
    </>
  );
}

function RiderPerformance({ rider }: { rider: AdminRider }) {
  return (
    <>
      <span className="inline-flex items-center gap-1">
        <Star className="size-3.5 text-gold" aria-hidden="true" />
        {rider.rating.toFixed(1)}
      </span>
      <p className="text-xs text-muted">{rider.totalDeliveries} deliveries</p>
    </>
  );
}

/** Edit, activate/deactivate and delete: the same buttons in the table row and the phone card. */
function RiderActions({ rider, onEdit, onDelete }: { rider: AdminRider; onEdit: () => void; onDelete: () => void }) {
  const setActive = useSetRiderActive();
  const decide = useDecideRider();
  const deciding = decide.isPending && decide.variables?.id === rider.id ? decide.variables.decision : null;
  const onDecide = (decision: 'approve' | 'decline') =>
    decide.mutate(
      { id: rider.id, decision },
      {
        onSuccess: () => toast.success(decision === 'approve' ? `${rider.fullName} can now deliver` : 'Rider declined'),
        onError: (err) => toast.error(errorMessage(err, 'Failed to update rider')),
      },
    );
  if (rider.approval !== 'approved') {
    return (
      <>
        <Button size="sm" pending={deciding === 'approve'} onClick={() => onDecide('approve')} aria-label={`Approve ${rider.fullName}`}>
          <Check className="size-4" aria-hidden="true" /> Approve
        </Button>
        {rider.approval === 'pending' ? (
          <Button
            size="sm"
            variant="outline"
            className="ml-1.5"
            pending={deciding === 'decline'}
            onClick={() => onDecide('decline')}
            aria-label={`Decline ${rider.fullName}`}
          >
            <X className="size-4" aria-hidden="true" /> Decline
          </Button>
        ) : null}
        <Button variant="ghost" size="icon-sm" className="text-danger" aria-label={`Delete ${rider.fullName}`} onClick={onDelete}>
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      </>
    );
  }
  return (
    <>
      <EditRowButton name={rider.fullName} onEdit={onEdit} />
      <ActiveToggleButton
        name={rider.fullName}
        isActive={rider.isActive}
        pending={setActive.isPending && setActive.variables?.id === rider.id}
        onToggle={() =>
          setActive.mutate(
            { id: rider.id, isActive: !rider.isActive },
            {
              onSuccess: (x) => toast.success(x.isActive ? 'Rider activated successfully' : 'Rider deactivated successfully'),
              onError: (err) => toast.error(errorMessage(err, 'Failed to update rider status')),
            },
          )
        }
      />
      <Button variant="ghost" size="icon-sm" className="text-danger" aria-label={`Delete ${rider.fullName}`} onClick={onDelete}>
        <Trash2 className="size-4" aria-hidden="true" />
      </Button>
    </>
  );
}

function RiderFormDialog({ open, onOpenChange, rider }: { open: boolean; onOpenChange: (o: boolean) => void; rider: AdminRider | null }) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={rider ? 'Edit Rider' : 'Add Rider'}
      description={rider ? rider.email : 'New riders start offline and active.'}
    >
      <RiderForm rider={rider} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

type RiderValues = { email?: string; password?: string; fullName: string; phone: string; vehicleType: 'motorcycle' | 'bicycle' };

function RiderForm({ rider, onDone }: { rider: AdminRider | null; onDone: () => void }) {
  const save = useSaveRider();
  const [serverError, setServerError] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RiderValues>({
    resolver: zodResolver((rider ? AdminUpdateRiderInput : AdminCreateRiderInput) as typeof AdminCreateRiderInput) as never,
    defaultValues: rider
      ? { fullName: rider.fullName, phone: formatPhone(rider.phone), vehicleType: rider.vehicleType as 'motorcycle' }
      : { email: '', password: '', fullName: '', phone: '', vehicleType: 'motorcycle' },
  });

  const onSubmit = handleSubmit((v) => {
    setServerError('');
    const mutation = rider
      ? { id: rider.id, input: { fullName: v.fullName, phone: v.phone, vehicleType: v.vehicleType } }
      : { input: { email: v.email ?? '', password: v.password ?? '', fullName: v.fullName, phone: v.phone, vehicleType: v.vehicleType } };
    save.mutate(mutation, {
      onSuccess: () => {
        toast.success(rider ? 'Rider updated successfully' : 'Rider created successfully');
        onDone();
      },
      onError: (err) => {
        applyServerFieldErrors(err, ['email', 'password', 'fullName', 'phone', 'vehicleType'], setError);
        setServerError(errorMessage(err, 'Failed to save rider'));
      },
    });
  });

  return (
    <DialogForm
      onSubmit={onSubmit}
      serverError={serverError}
      pending={save.isPending}
      submitLabel={rider ? 'Update Rider' : 'Create Rider'}
      onCancel={onDone}
    >
      {rider ? null : (
        <>
          <Field id="rider-email" label="Email" error={errors.email?.message}>
            <Input id="rider-email" type="email" autoComplete="off" invalid={!!errors.email} {...register('email')} />
          </Field>
          <Field id="rider-password" label="Password" error={errors.password?.message}>
            <PasswordInput id="rider-password" autoComplete="new-password" invalid={!!errors.password} {...register('password')} />
          </Field>
        </>
      )}
      <Field id="rider-name" label="Full Name" error={errors.fullName?.message}>
        <Input id="rider-name" invalid={!!errors.fullName} {...register('fullName')} />
      </Field>
      <Field id="rider-phone" label="Phone Number" error={errors.phone?.message}>
        <Input id="rider-phone" type="tel" invalid={!!errors.phone} {...register('phone')} />
      </Field>
      <Field id="rider-vehicle" label="Vehicle Type" error={errors.vehicleType?.message}>
        <Select id="rider-vehicle" {...register('vehicleType')}>
          <option value="motorcycle">Motorcycle</option>
          <option value="bicycle">Bicycle</option>
        </Select>
      </Field>
    </DialogForm>
  );
}
