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
import { requireAdmin } from '../../plugins/auth';
import { actorOf } from '../audit/audit';
import type { AdminNetworksService } from './admin-networks.service';

const idParams = z.object({ id: z.uuid() });
const stationParams = z.object({ id: z.uuid(), stationId: z.uuid() });
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const secured = { tags: ['admin'], security: [{ bearerAuth: [] }] };
const importErrors = { ...errors, 502: errorResponseSchema };

/** Network templates, networks, their stations and the sourcetable import (admins only). */
export const adminNetworksRoutes: FastifyPluginAsyncZod<{
  adminNetworksService: AdminNetworksService;
  casterAddress: (requestHost: string) => { host: string; port: number };
}> = async (app, { adminNetworksService: service, casterAddress }) => {
  const caster = (request: { hostname: string }) => casterAddress(request.hostname);
  // ---- templates ----
  app.get(
    '/admin/network-templates',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'Network templates (admin)',
        response: { 200: z.array(networkTemplateSchema), ...errors },
      },
    },
    () => service.listTemplates(),
  );

  app.post(
    '/admin/network-templates',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'Create a network template (admin)',
        body: createNetworkTemplateSchema,
        response: { 201: networkTemplateSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createTemplate(request.body, actorOf(request))),
  );

  app.get(
    '/admin/network-templates/:id',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'One network template (admin)',
        params: idParams,
        response: { 200: networkTemplateSchema, ...errors },
      },
    },
    (request) => service.getTemplate(request.params.id),
  );

  app.patch(
    '/admin/network-templates/:id',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'Change a network template (admin); networks made from it keep their own settings',
        params: idParams,
        body: updateNetworkTemplateSchema,
        response: { 200: networkTemplateSchema, ...errors },
      },
    },
    (request) => service.updateTemplate(request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/admin/network-templates/:id',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'Delete a network template (admin)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteTemplate(request.params.id, actorOf(request));
      return reply.status(204).send(null);
    },
  );

  // ---- networks ----
  app.get(
    '/admin/networks',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'Every network, hidden or published (admin)',
        response: { 200: z.array(adminNetworkSchema), ...errors },
      },
    },
    () => service.listNetworks(),
  );

  app.post(
    '/admin/networks',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'Create a network from a template (admin)',
        body: createNetworkSchema,
        response: { 201: adminNetworkDetailSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createNetwork(request.body, actorOf(request))),
  );

  app.get(
    '/admin/networks/:id',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'One network with its stations (admin)',
        params: idParams,
        response: { 200: adminNetworkDetailSchema, ...errors },
      },
    },
    (request) => service.getNetwork(request.params.id),
  );

  app.patch(
    '/admin/networks/:id',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'Edit, hide or publish a network; set its upstream caster (admin)',
        params: idParams,
        body: updateNetworkSchema,
        response: { 200: adminNetworkDetailSchema, ...errors },
      },
    },
    (request) => service.updateNetwork(request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/admin/networks/:id',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'Delete a network and its stations (admin)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteNetwork(request.params.id, actorOf(request));
      return reply.status(204).send(null);
    },
  );

  // ---- stations ----
  app.post(
    '/admin/networks/:id/stations',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'Add a station; a hosted one answers its source password, this once (admin)',
        params: idParams,
        body: createStationSchema,
        response: { 201: stationWithSecretSchema, ...errors },
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
        ...secured,
        summary: 'Edit a station (admin)',
        params: stationParams,
        body: updateStationSchema,
        response: { 200: adminStationSchema, ...errors },
      },
    },
    (request) => service.updateStation(request.params.id, request.params.stationId, request.body, actorOf(request)),
  );

  app.delete(
    '/admin/networks/:id/stations/:stationId',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'Delete a station (admin)',
        params: stationParams,
        response: { 204: z.null(), ...errors },
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
        ...secured,
        summary: 'A new source password for a hosted station, answered this once (admin)',
        params: stationParams,
        response: { 200: stationWithSecretSchema, ...errors },
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
        ...secured,
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
        ...secured,
        summary: "Create and update stations from the upstream caster's sourcetable, in one transaction (admin)",
        params: idParams,
        body: applyImportSchema,
        response: { 200: importResultSchema, ...importErrors },
      },
    },
    (request) => service.applyImport(request.params.id, request.body.upstreamMountpoints, actorOf(request)),
  );
};
