import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Loading } from '../../shell/Loading.tsx';
import { endSession } from './login.queries.ts';

/** /logout reached inside the app: end the session, forget cached data, go to the login page. */
export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    let isCancelled = false;
    endSession()
      .catch(() => undefined)
      .finally(() => {
        if (isCancelled) return;
        queryClient.clear();
        void navigate('/login', { replace: true });
      });
    return () => {
      isCancelled = true;
    };
  }, [navigate, queryClient]);

  return <Loading />;
}
