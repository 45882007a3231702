import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/**
 * An image only its owner may see (the business licence): fetched with the session's token and
 * shown from a local object URL, since an <img> cannot send the Authorization header.
 */
export function useAuthedImage(url: string | null | undefined): string | undefined {
  const query = useQuery({
    queryKey: queryKeys.profile.image(url),
    enabled: Boolean(url),
    queryFn: async () => {
      const response = await api.download((url ?? '').replace(/^\/api(?=\/)/, ''));
      return URL.createObjectURL(await response.blob());
    },
    staleTime: Infinity,
    retry: false,
  });
  return query.data;
}
