import { CAPTCHA_TTL_MS } from '@freight/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

type Captcha = { captcha_id: string; image: string };

/** A fresh captcha (single use, 5 minutes); renewed shortly before it expires and on demand. */
export function useCaptcha() {
  const query = useQuery({
    queryKey: ['captcha'],
    queryFn: () => api.get<Captcha>('/system/captcha'),
    gcTime: 0,
    staleTime: 0,
    retry: 1,
    refetchInterval: CAPTCHA_TTL_MS - 30_000,
  });
  return { captcha: query.data, isError: query.isError, refresh: () => void query.refetch() };
}
