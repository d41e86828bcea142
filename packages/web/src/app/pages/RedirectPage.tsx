import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

/** /redirect/<path>: re-opens <path>, remounting its screen (the tab bar's Refresh). */
export function RedirectPage() {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const rest = params['*'] ?? '';
  useEffect(() => {
    navigate(`/${rest}${location.search}`, { replace: true });
  }, [navigate, rest, location.search]);
  return null;
}
