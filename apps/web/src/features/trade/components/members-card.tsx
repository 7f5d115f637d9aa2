/**
 * The business's members. Everyone sees who is in it; the owner invites by email (a buyer with an
 * optional buying limit, or an approver), changes a member's role or limit, removes a member and
 * withdraws an invitation still waiting.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { formatUGX } from '@meatshop/shared/money';
import {
  INVITABLE_TRADE_ROLES,
  TRADE_ROLE_HINT,
  TRADE_ROLE_LABEL,
  type TradeInvitation,
  TradeInviteInput,
  type TradeMember,
} from '@meatshop/shared/trade';
import { MailPlus, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Field, TextField, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useInviteMember, useRemoveMember, useTradeMembers, useUpdateMember, useWithdrawInvitation } from '../api/members';

type InvitableRole = (typeof INVITABLE_TRADE_ROLES)[number];
/** The typed limit: empty is none; anything but digits (commas and spaces allowed) is undefined, a mistake to point out. */
function limitValue(text: string): number | null | undefined {
  const t = text.replace(/[,\s]/g, '');
  if (t === '') return null;
  return /^\d+$/.test(t) ? Number(t) : undefined;
}
const BAD_LIMIT = 'Enter the buying limit in UGX, digits only';

export function MembersCard({ isOwner }: { isOwner: boolean }) {
  const members = useTradeMembers();
  return (
    <Card>
      <CardContent className="sm:p-8">
        <h2 className="flex items-center gap-2 font-display text-xl font-semibold text-ink">
          <Users className="size-5 text-brand-700" aria-hidden="true" />
          Members
        </h2>
        <p className="mt-1 text-sm text-muted">
          {isOwner ? 'Invite the people who buy for the business, and set what they may spend.' : 'The people who buy for the business.'}
        </p>
        <div className="mt-5">
          {members.isPending ? (
            <div className="space-y-3" aria-busy="true">
              {[0, 1].map((i) => (
                <Skeleton key={i} className="h-16 w-full" />
              ))}
            </div>
          ) : members.isError ? (
            <ErrorState message="Failed to load the members" onRetry={() => void members.refetch()} retrying={members.isFetching} />
          ) : (
            <>
              <ul className="divide-y divide-line" data-testid="trade-members">
                {members.data.members.map((m) => (
                  <MemberRow key={m.userId} member={m} canManage={isOwner && m.role !== 'owner'} />
                ))}
              </ul>
              {isOwner && members.data.invitations.length > 0 ? (
                <div className="mt-6">
                  <h3 className="text-sm font-semibold text-ink">Invitations waiting</h3>
                  <ul className="mt-2 divide-y divide-line">
                    {members.data.invitations.map((i) => (
                      <InvitationRow key={i.id} invitation={i} />
                    ))}
                  </ul>
                </div>
              ) : null}
            </>
          )}
        </div>
        {isOwner ? <InviteForm /> : null}
      </CardContent>
    </Card>
  );
}

function MemberRow({ member, canManage }: { member: TradeMember; canManage: boolean }) {
  const [editing, setEditing] = useState(false);
  const [role, setRole] = useState<InvitableRole>(member.role === 'approver' ? 'approver' : 'buyer');
  const [limit, setLimit] = useState(member.approvalLimit ? String(member.approvalLimit) : '');
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const save = () => {
    const approvalLimit = role === 'buyer' ? limitValue(limit) : null;
    if (approvalLimit === undefined) return void toast.error(BAD_LIMIT);
    update.mutate(
      { userId: member.userId, role, approvalLimit },
      {
        onSuccess: () => {
          toast.success(`${member.fullName} updated`);
          setEditing(false);
        },
        onError: (err) => toast.error(errorMessage(err, 'Failed to update the member')),
      },
    );
  };
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-ink">{member.fullName}</p>
          <p className="truncate text-sm text-muted">{member.email}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={member.role === 'owner' ? 'brand' : 'neutral'}>{TRADE_ROLE_LABEL[member.role]}</Badge>
          {member.approvalLimit ? <Badge tone="info">Up to {formatUGX(member.approvalLimit)}</Badge> : null}
          {canManage && !editing ? (
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
              Change
            </Button>
          ) : null}
        </div>
      </div>
      {editing ? (
        <div className="mt-3 grid gap-3 rounded-2xl bg-cream-deep p-4 sm:grid-cols-2">
          <Field id={`role-${member.userId}`} label="Role">
            <Select id={`role-${member.userId}`} value={role} onChange={(e) => setRole(e.target.value as InvitableRole)}>
              {INVITABLE_TRADE_ROLES.map((r) => (
                <option key={r} value={r}>
                  {TRADE_ROLE_LABEL[r]}
                </option>
              ))}
            </Select>
          </Field>
          {role === 'buyer' ? (
            <Field id={`limit-${member.userId}`} label="Buying limit (UGX)" hint="Orders above it need an approver. Empty: no limit.">
              <Input
                id={`limit-${member.userId}`}
                inputMode="numeric"
                value={limit}
                onChange={(e) => setLimit(e.target.value)}
                aria-describedby={`limit-${member.userId}-hint`}
              />
            </Field>
          ) : null}
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button size="sm" onClick={save} pending={update.isPending} pendingText="Saving…">
              Save
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button
              size="sm"
              variant="danger"
              className="ml-auto"
              pending={remove.isPending}
              pendingText="Removing…"
              onClick={() =>
                remove.mutate(member.userId, {
                  onSuccess: () => toast.success(`${member.fullName} removed from the business`),
                  onError: (err) => toast.error(errorMessage(err, 'Failed to remove the member')),
                })
              }
            >
              <Trash2 className="size-4" aria-hidden="true" />
              Remove
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

function InvitationRow({ invitation }: { invitation: TradeInvitation }) {
  const withdraw = useWithdrawInvitation();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="truncate font-medium text-ink">{invitation.email}</p>
        <p className="text-sm text-muted">
          {TRADE_ROLE_LABEL[invitation.role]}
          {invitation.approvalLimit ? ` up to ${formatUGX(invitation.approvalLimit)}` : ''} · link works until{' '}
          {formatDate(invitation.expiresAt)}
        </p>
      </div>
      <Button
        size="sm"
        variant="ghost"
        pending={withdraw.isPending}
        pendingText="Withdrawing…"
        onClick={() =>
          withdraw.mutate(invitation.id, {
            onSuccess: () => toast.success('Invitation withdrawn'),
            onError: (err) => toast.error(errorMessage(err, 'Failed to withdraw the invitation')),
          })
        }
      >
        Withdraw
      </Button>
    </li>
  );
}

function InviteForm() {
  const invite = useInviteMember();
  const [limit, setLimit] = useState('');
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setError,
    formState: { errors },
  } = useForm<TradeInviteInput>({ resolver: zodResolver(TradeInviteInput), defaultValues: { email: '', role: 'buyer' } });
  const role = watch('role');
  const onSubmit = handleSubmit((values) => {
    const approvalLimit = values.role === 'buyer' ? limitValue(limit) : null;
    if (approvalLimit === undefined) return void toast.error(BAD_LIMIT);
    invite.mutate(
      { ...values, approvalLimit },
      {
        onSuccess: () => {
          toast.success(`Invitation sent to ${values.email}`);
          reset({ email: '', role: values.role });
          setLimit('');
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields?.email) setError('email', { message: err.fields.email });
          toast.error(errorMessage(err, 'Failed to send the invitation'));
        },
      },
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4 border-t border-line pt-6">
      <h3 className="flex items-center gap-2 font-semibold text-ink">
        <MailPlus className="size-4 text-brand-700" aria-hidden="true" />
        Invite a member
      </h3>
      <TextField id="invite-email" label="Email" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="invite-role" label="Role" hint={TRADE_ROLE_HINT[role as InvitableRole]}>
          <Select id="invite-role" aria-describedby={fieldDescribedBy('invite-role', undefined, true)} {...register('role')}>
            {INVITABLE_TRADE_ROLES.map((r) => (
              <option key={r} value={r}>
                {TRADE_ROLE_LABEL[r]}
              </option>
            ))}
          </Select>
        </Field>
        {role === 'buyer' ? (
          <Field id="invite-limit" label="Buying limit (UGX)" hint="Optional. Orders above it need an approver.">
            <Input
              id="invite-limit"
              inputMode="numeric"
              value={limit}
              onChange={(e) => setLimit(e.target.value)}
              aria-describedby="invite-limit-hint"
            />
          </Field>
        ) : null}
      </div>
      <Button type="submit" pending={invite.isPending} pendingText="Sending…">
        Send invitation
      </Button>
    </form>
  );
}
