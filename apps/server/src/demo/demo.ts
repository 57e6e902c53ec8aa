import { type Caster, runSimulatedStation } from '@fixpoint/caster';
import { type Database, schema } from '@fixpoint/db';
import { type BrandKey, brandKeys, defaultBrandKey, getBrand, type Language } from '@fixpoint/shared';
import { and, eq } from 'drizzle-orm';

export const DEMO_NETWORK_CODE = 'DEMO';

/** Four simulated bases in the Netherlands, 40-60 km apart, so the AUTO mount has real choices. */
const DEMO_STATIONS = [
  { mountpoint: 'DEMO_AMS', identifier: 'Amsterdam', latitude: 52.3676, longitude: 4.9041, height: 45.2 },
  { mountpoint: 'DEMO_UTR', identifier: 'Utrecht', latitude: 52.0907, longitude: 5.1214, height: 48.7 },
  { mountpoint: 'DEMO_RTM', identifier: 'Rotterdam', latitude: 51.9244, longitude: 4.4777, height: 42.1 },
  { mountpoint: 'DEMO_EHV', identifier: 'Eindhoven', latitude: 51.4416, longitude: 5.4697, height: 64.3 },
] as const;

/** DEMO: on by default on the embedded database only (a fresh `npm start` shows a live product), off on PostgreSQL. */
export function isDemoEnabled(env: NodeJS.ProcessEnv, hasDatabaseUrl: boolean): boolean {
  const value = env.DEMO?.trim().toLowerCase();
  if (value === undefined || value === '') return !hasDatabaseUrl;
  if (['true', '1', 'yes'].includes(value)) return true;
  if (['false', '0', 'no'].includes(value)) return false;
  throw new Error(`Invalid environment:\n  DEMO: must be true or false, not "${env.DEMO}"`);
}

const demoWords: Record<Language, { network: (brand: string) => string; description: string }> = {
  en: {
    network: (brand) => `${brand} Demo Network`,
    description: 'Simulated base stations streaming valid RTCM 3 (MSM4 and 1006): try a rover or the AUTO mount.',
  },
  nl: {
    network: (brand) => `${brand} Demonetwerk`,
    description:
      'Gesimuleerde referentiestations die geldig RTCM 3 (MSM4 en 1006) uitzenden: probeer een rover of het AUTO-mountpoint.',
  },
  de: {
    network: (brand) => `${brand} Demo-Netz`,
    description:
      'Simulierte Referenzstationen mit gültigem RTCM 3 (MSM4 und 1006): probieren Sie einen Rover oder den AUTO-Mountpoint.',
  },
};

/** The demo network's name, operator and description under a brand: its name, in its language (else English). */
export function demoNetworkTexts(key: BrandKey) {
  const brand = getBrand(key);
  const words = demoWords[brand.staticLanguage ?? 'en'];
  return { name: words.network(brand.name), operator: brand.name, description: words.description };
}

/**
 * Creates the demo network and its stations once, named after the brand. A network with the demo code is left
 * alone, except that a name, operator and description still as another brand seeded them follow the brand it runs
 * under now (a demo data folder started again under another BRAND); an operator's edits stay.
 */
export async function seedDemoNetwork(db: Database, brandKey: BrandKey = defaultBrandKey): Promise<void> {
  const { networks, stations } = schema;
  const texts = demoNetworkTexts(brandKey);
  const [existing] = await db
    .select({ id: networks.id, name: networks.name, operator: networks.operator, description: networks.description })
    .from(networks)
    .where(eq(networks.code, DEMO_NETWORK_CODE));
  if (existing) {
    const seeded = brandKeys.map(demoNetworkTexts);
    const follows = (field: 'name' | 'operator' | 'description') =>
      existing[field] !== texts[field] && seeded.some((t) => t[field] === existing[field])
        ? { [field]: texts[field] }
        : {};
    const changes = { ...follows('name'), ...follows('operator'), ...follows('description') };
    if (Object.keys(changes).length > 0) {
      await db
        .update(networks)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(networks.id, existing.id));
    }
    return;
  }
  await db.transaction(async (tx) => {
    const [network] = await tx
      .insert(networks)
      .values({
        code: DEMO_NETWORK_CODE,
        ...texts,
        kind: 'hosted',
        dailyPrice: 1,
        visibility: 'public',
        isPublished: true,
        coverageRadiusKm: 30,
        countryCode: 'NLD',
        // The simulated stations are recorded for RINEX on demand; two days keep the demo's disk use small.
        archiveRetentionDays: 2,
        rinexHourlyPrice: 2,
      })
      .returning({ id: networks.id });
    if (!network) throw new Error('demo network insert returned nothing');
    await tx.insert(stations).values(
      DEMO_STATIONS.map((station) => ({
        ...station,
        networkId: network.id,
        countryCode: 'NLD',
        format: 'RTCM 3.3',
        formatDetails: '1006(10),1074(1),1084(1),1094(1),1124(1)',
        carrier: 2,
        navSystem: 'GPS+GLO+GAL+BDS',
        // No source password: only the in-process simulator feeds these mounts.
        sourcePasswordHash: null,
        isSimulated: true,
      })),
    );
  });
}

/** The demo opens the organisations beta to everyone (docs/decisions/0041); an operator's saved settings stay. */
export async function seedDemoSettings(db: Database): Promise<void> {
  await db.insert(schema.accountSettings).values({ id: 1, organizationAccess: 'open' }).onConflictDoNothing();
}

/**
 * Feeds every enabled simulated station of the demo network at 1 Hz, in-process through the caster's own
 * ingestion path (framing, live state, fan-out): no socket, no file descriptor and no source password to keep.
 */
export async function startDemoStations(db: Database, caster: Caster): Promise<{ stop(): void }> {
  const { networks, stations } = schema;
  const rows = await db
    .select({
      mountpoint: stations.mountpoint,
      latitude: stations.latitude,
      longitude: stations.longitude,
      height: stations.height,
    })
    .from(stations)
    .innerJoin(networks, eq(networks.id, stations.networkId))
    .where(and(eq(networks.code, DEMO_NETWORK_CODE), eq(stations.isSimulated, true), eq(stations.isEnabled, true)));
  const running: { stop(): void }[] = [];
  for (const [index, row] of rows.entries()) {
    if (row.latitude === null || row.longitude === null) continue;
    const source = await caster.openLocalSource(row.mountpoint, 'NTRIP Fixpoint simulator');
    if (!source) continue;
    running.push(
      runSimulatedStation(source, {
        stationId: 100 + index,
        position: { latitude: row.latitude, longitude: row.longitude, height: row.height ?? 0 },
      }),
    );
  }
  return {
    stop() {
      for (const station of running) station.stop();
    },
  };
}
