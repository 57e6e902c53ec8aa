import {
  adminNetworkDetailSchema,
  adminNetworkSchema,
  adminStationSchema,
  applyImportSchema,
  createNetworkSchema,
  createNetworkTemplateSchema,
  createStationSchema,
  errorResponseSchema,
  importPreviewSchema,
  importResultSchema,
  networkTemplateSchema,
  stationWithSecretSchema,
  updateNetworkSchema,
  updateNetworkTemplateSchema,
  updateStationSchema,
} from '@fixpoint/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminCrudRoutes, adminErrors, adminSecured, idParams } from '../../plugins/admin-crud';
import { requireAdmin } from '../../plugins/auth';
import { actorOf } from '../audit/audit';
import type { AdminNetworksService } from './admin-networks.service';

const stationParams = z.object({ id: z.uuid(), stationId: z.uuid() });
const importErrors = { ...adminErrors, 502: errorResponseSchema };

/** Network templates, networks, their stations and the sourcetable import (admins only). */
export const adminNetworksRoutes: FastifyPluginAsyncZod<{
  adminNetworksService: AdminNetworksService;
  casterAddress: (requestHost: string) => { host: string; port: number };
}> = async (app, { adminNetworksService: service, casterAddress }) => {
  const caster = (request: { hostname: string }) => casterAddress(request.hostname);
  // ---- templates ----
  adminCrudRoutes(app, {
    path: '/admin/network-templates',
    item: networkTemplateSchema,
    list: { summary: 'Network templates (admin)', handler: () => service.listTemplates() },
    create: {
      summary: 'Create a network template (admin)',
      body: createNetworkTemplateSchema,
      handler: (body, request) => service.createTemplate(body, actorOf(request)),
    },
    get: { summary: 'One network template (admin)', handler: (id) => service.getTemplate(id) },
    update: {
      summary: 'Change a network template (admin); networks made from it keep their own settings',
      body: updateNetworkTemplateSchema,
      handler: (id, body, request) => service.updateTemplate(id, body, actorOf(request)),
    },
    remove: {
      summary: 'Delete a network template (admin)',
      handler: (id, request) => service.deleteTemplate(id, actorOf(request)),
    },
  });

  // ---- networks ----
  adminCrudRoutes(app, {
    path: '/admin/networks',
    item: adminNetworkDetailSchema,
    list: {
      summary: 'Every network, hidden or published (admin)',
      item: adminNetworkSchema,
      handler: () => service.listNetworks(),
    },
    create: {
      summary: 'Create a network from a template (admin)',
      body: createNetworkSchema,
      handler: (body, request) => service.createNetwork(body, actorOf(request)),
    },
    get: { summary: 'One network with its stations (admin)', handler: (id) => service.getNetwork(id) },
    update: {
      summary: 'Edit, hide or publish a network; set its upstream caster (admin)',
      body: updateNetworkSchema,
      handler: (id, body, request) => service.updateNetwork(id, body, actorOf(request)),
    },
    remove: {
      summary: 'Delete a network and its stations (admin)',
      handler: (id, request) => service.deleteNetwork(id, actorOf(request)),
    },
  });

  // ---- stations ----
  app.post(
    '/admin/networks/:id/stations',
    {
      onRequest: requireAdmin,
      schema: {
        ...adminSecured,
        summary: 'Add a station; a hosted one answers its source password, this once (admin)',
        params: idParams,
        body: createStationSchema,
        response: { 201: stationWithSecretSchema, ...adminErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        ...(await service.addStation(request.params.id, request.body, actorOf(request))),
        caster: caster(request),
      }),
  );

  app.patch(
    '/admin/networks/:id/stations/:stationId',
    {
      onRequest: requireAdmin,
      schema: {
        ...adminSecured,
        summary: 'Edit a station (admin)',
        params: stationParams,
        body: updateStationSchema,
        response: { 200: adminStationSchema, ...adminErrors },
      },
    },
    (request) => service.updateStation(request.params.id, request.params.stationId, request.body, actorOf(request)),
  );

  app.delete(
    '/admin/networks/:id/stations/:stationId',
    {
      onRequest: requireAdmin,
      schema: {
        ...adminSecured,
        summary: 'Delete a station (admin)',
        params: stationParams,
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await service.deleteStation(request.params.id, request.params.stationId, actorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/admin/networks/:id/stations/:stationId/source-password',
    {
      onRequest: requireAdmin,
      schema: {
        ...adminSecured,
        summary: 'A new source password for a hosted station, answered this once (admin)',
        params: stationParams,
        response: { 200: stationWithSecretSchema, ...adminErrors },
      },
    },
    async (request) => ({
      ...(await service.regenerateSourcePassword(request.params.id, request.params.stationId, actorOf(request))),
      caster: caster(request),
    }),
  );

  // ---- sourcetable import ----
  app.post(
    '/admin/networks/:id/import/preview',
    {
      onRequest: requireAdmin,
      schema: {
        ...adminSecured,
        summary: "What importing the upstream caster's sourcetable would change (admin)",
        params: idParams,
        response: { 200: importPreviewSchema, ...importErrors },
      },
    },
    (request) => service.previewImport(request.params.id),
  );

  app.post(
    '/admin/networks/:id/import/apply',
    {
      onRequest: requireAdmin,
      schema: {
        ...adminSecured,
        summary: "Create and update stations from the upstream caster's sourcetable, in one transaction (admin)",
        params: idParams,
        body: applyImportSchema,
        response: { 200: importResultSchema, ...importErrors },
      },
    },
    (request) => service.applyImport(request.params.id, request.body.upstreamMountpoints, actorOf(request)),
  );
};
