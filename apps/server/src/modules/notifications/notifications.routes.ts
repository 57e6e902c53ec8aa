import type { Database } from '@fixpoint/db';
import {
  errorResponseSchema,
  type Language,
  notificationListQuerySchema,
  notificationListSchema,
  notificationReadResultSchema,
  notificationReadSchema,
  notificationSettingsSchema,
  serviceStatusSchema,
} from '@fixpoint/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readerLanguage } from '../../i18n/reader-language';
import { requireUser } from '../../plugins/auth';
import { ownerOf } from '../../plugins/owner-scope';
import type { NotificationsService } from './notifications.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const secured = { tags: ['notifications'], security: [{ bearerAuth: [] }] };
const ownerNote =
  "A person's own at /api/…; an organisation's at /api/org/{orgId}/…, for its owners and admins (one shared list).";

/**
 * `/notifications`, `/notifications/read`, `/notification-settings` and `/service-status` (issue 31, decision 0076),
 * registered at /api for the signed-in person and again under /api/org/:orgId (orgScoped).
 */
export const notificationsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  notificationsService: NotificationsService;
  staticLanguage?: Language | undefined;
}> = async (app, { db, notificationsService, staticLanguage }) => {
  app.get(
    '/notifications',
    {
      onRequest: requireUser,
      config: { orgRole: 'admin' },
      schema: {
        ...secured,
        summary: 'Notifications, newest first, with the unread count',
        description: `Stations down and back, access ending, payments failed, credits low, rovers failing to log in. Titles and bodies are in the reader's language. \`unread=true\` lists only unread ones. ${ownerNote}`,
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema, ...errors },
      },
    },
    async (request) =>
      notificationsService.list(ownerOf(request), await readerLanguage(db, request, staticLanguage), {
        limit: request.query.limit,
        unread: request.query.unread === 'true',
      }),
  );

  app.post(
    '/notifications/read',
    {
      onRequest: requireUser,
      config: { orgRole: 'admin' },
      schema: {
        ...secured,
        summary: 'Mark notifications read',
        description: `\`{ "ids": [...] }\` marks those (ids of another owner are ignored); \`{ "all": true }\` marks every one. Answers how many changed and how many stay unread. ${ownerNote}`,
        body: notificationReadSchema,
        response: { 200: notificationReadResultSchema, ...errors },
      },
    },
    (request) => notificationsService.markRead(ownerOf(request), request.body),
  );

  app.get(
    '/notification-settings',
    {
      onRequest: requireUser,
      config: { orgRole: 'admin' },
      schema: {
        ...secured,
        summary: 'What the owner hears about and how: one row per kind',
        description: `Kinds without a choice show their defaults (every kind in-app; e-mail for what needs acting on). ${ownerNote}`,
        response: { 200: notificationSettingsSchema, ...errors },
      },
    },
    (request) => notificationsService.settings(ownerOf(request)),
  );

  app.put(
    '/notification-settings',
    {
      onRequest: requireUser,
      config: { orgRole: 'admin' },
      schema: {
        ...secured,
        summary: 'Choose per kind: in-app, e-mail, webhook',
        description: `Any subset of kinds; the others keep their settings. Answers the full list. ${ownerNote}`,
        body: notificationSettingsSchema,
        response: { 200: notificationSettingsSchema, ...errors },
      },
    },
    (request) => notificationsService.saveSettings(ownerOf(request), request.body),
  );

  app.get(
    '/service-status',
    {
      onRequest: requireUser,
      schema: {
        ...secured,
        summary: 'The stations the owner uses, and whether the service is operational',
        description:
          "The stations of every network the owner's NTRIP accounts have live access to, down ones first, each with " +
          'its state and since when. `operational` only when every one is up; `down` when none is; otherwise ' +
          `\`degraded\`. ${ownerNote.replace('owners and admins (one shared list)', 'members')}`,
        response: { 200: serviceStatusSchema, ...errors },
      },
    },
    (request) => notificationsService.serviceStatus(ownerOf(request)),
  );
};
