/**
 * Placeholder in the payouts branch: the lead merges the real member 360 (lifetime figures, linked
 * members, logins) with the withdrawal's risk signals from the member-360 branch over this file.
 */
export function MemberOverview(_props: { memberId: number; withdrawalId?: string }) {
  return null;
}
