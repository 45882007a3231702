import type { UserInfo } from '@freight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { toFormData } from '../../components/account/account-form';
import { queryKeys } from '../../api/query-keys';

type ProfileFiles = { logo?: File | undefined; license?: File | undefined };

/** The company fields PUT /api/userinfo always needs, as the member has them now. */
export function basicValues(user: UserInfo) {
  return {
    linkman: user.linkman,
    phone: user.phone,
    company1: user.company1,
    company2: user.company2,
    address1: user.address1,
    address2: user.address2,
    city: user.city,
    province: user.province,
    zip_code: user.zip_code,
    country_id: user.country_id,
    credit_no: user.credit_no,
  };
}

/**
 * Saves the profile: JSON, or multipart when a new logo or licence goes with it; then the user
 * info is loaded again everywhere (header, guards, this page).
 */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, files = {} }: { values: Record<string, unknown>; files?: ProfileFiles }) =>
      files.logo || files.license
        ? api.request<UserInfo>('PUT', '/userinfo', { body: toFormData(values, files) })
        : api.put<UserInfo>('/userinfo', values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.userInfo.all }),
  });
}
