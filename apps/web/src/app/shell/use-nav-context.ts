import type { Team } from '@fixpoint/shared';
import { useLocalStorage } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { organizationQueryOptions } from '../../api/org-members-api';
import { paths } from '../../config/paths';
import { orgIdOfPath } from '../../session/owner-scope';
import { orgDetailStaleTime } from '../../session/use-scope-access';

export const contextStorageKey = 'fixpoint.sideMenu.context';
const personal = 'personal';

/** The person's own pages: being on one puts the menu in the personal context. */
const personalPages = [
  paths.dashboard.getHref(),
  paths.map.getHref(),
  paths.accounts.getHref(),
  paths.fleet.getHref(),
  paths.subscriptions.getHref(),
  paths.credits.getHref(),
  paths.checkout.getHref(),
];

/**
 * The side menu's context (issue 14): the organisation whose pages are shown, the person on their own pages, and on
 * pages that belong to neither (network coverage, status, settings) the context last used on this device. The app's
 * front door (`/`) leads back to a remembered organisation once the user's teams are known.
 */
export function useNavContext({ teams, isSignedIn }: { teams: Team[] | undefined; isSignedIn: boolean }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [remembered, setRemembered] = useLocalStorage({
    key: contextStorageKey,
    defaultValue: personal,
    getInitialValueInEffect: false,
  });
  const routeOrgId = orgIdOfPath(pathname);
  const isPersonalPage = personalPages.some((page) => pathname === page || pathname.startsWith(`${page}/`));
  const rememberedTeam = teams?.find((team) => team.id === remembered);
  const orgId = routeOrgId ?? (isPersonalPage ? null : (rememberedTeam?.id ?? null));
  const team = teams?.find((candidate) => candidate.id === orgId);
  // On an organisation's page its own answer is fresher than the session's teams (shared with the page's cache).
  const organization = useQuery({
    ...organizationQueryOptions(routeOrgId ?? ''),
    enabled: isSignedIn && Boolean(routeOrgId),
    staleTime: orgDetailStaleTime,
  });
  const isAtFrontDoor = useRef(pathname === '/');

  // The front door: once the teams are known, on to the remembered organisation (if the user still belongs to it).
  useEffect(() => {
    if (!isAtFrontDoor.current || !teams) return;
    // Only while still at the door (the dashboard it leads to): never away from a page the user went to.
    if (rememberedTeam && (pathname === '/' || pathname === paths.dashboard.getHref())) {
      navigate(paths.org.overview.getHref(rememberedTeam.id), { replace: true });
      return;
    }
    isAtFrontDoor.current = false;
  }, [teams, rememberedTeam, pathname, navigate]);

  // Then the address sets the context: an organisation's page, or one of the person's.
  useEffect(() => {
    if (isAtFrontDoor.current) return;
    if (routeOrgId) setRemembered(routeOrgId);
    else if (isPersonalPage) setRemembered(personal);
  }, [routeOrgId, isPersonalPage, setRemembered]);

  const choose = useCallback(
    (id: string) => {
      setRemembered(id);
      navigate(id === personal ? paths.dashboard.getHref() : paths.org.overview.getHref(id));
    },
    [navigate, setRemembered],
  );

  return {
    /** The organisation of the context, or null for the person. */
    orgId,
    name: (routeOrgId ? organization.data?.name : undefined) ?? team?.name,
    role: (routeOrgId ? organization.data?.role : undefined) ?? team?.role,
    status: (routeOrgId ? organization.data?.status : undefined) ?? team?.status,
    choose,
  };
}

export const personalContext = personal;
