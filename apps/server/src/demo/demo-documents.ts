import { type Database, schema } from '@fixpoint/db';
import { type Brand, type BrandKey, getBrand, type Language, type LegalDocumentKind } from '@fixpoint/shared';
import { eq } from 'drizzle-orm';

type DemoText = { title: string; body: string };

/**
 * The demo's terms and privacy texts, in the brand's name and language (a brand with a static language gets its
 * own, every other brand English): a plain, sensible first version an operator replaces under Admin -> Settings ->
 * Documents. Not legal advice.
 */
const demoTexts: Record<Language, (brand: Brand, seller: string) => Record<LegalDocumentKind, DemoText>> = {
  en: (brand, seller) => ({
    terms: {
      title: `${brand.name} terms and conditions`,
      body: `These terms apply to every use of ${brand.name}, the portal and NTRIP caster that ${seller} operates.

1. The service
${brand.name} delivers GNSS correction data (RTCM 3) over NTRIP from the reference stations of the networks shown in the marketplace, and RINEX files on demand. Accuracy depends on the receiver, the antenna, the sky view and the distance to the nearest base station; corrections are an aid to positioning, not a guarantee of it.

2. Your account
You keep your sign-in details and your NTRIP passwords to yourself and are responsible for what is done with them. One NTRIP account serves as many rovers at once as its connection limit allows.

3. Credits and subscriptions
Credits buy days of access per network; days start at an account's first connection. Subscriptions renew each period until cancelled and end at the end of the paid period. Prices include VAT where it applies; an invoice is issued for every payment.

4. Availability
We aim for continuous service but do not promise it: maintenance, station outages and network faults can interrupt corrections. Planned maintenance is announced on the status page.

5. Fair use
Do not resell access unless agreed in writing, do not probe or overload the caster, and do not share accounts beyond their connection limit.

6. Liability
${seller} is liable only for direct damage caused by intent or gross negligence, up to the amount paid for the service in the twelve months before the damage.

7. Changes
We may change these terms; a new version is published here with its date and applies from then on.

8. Law
Dutch law applies. Disputes go to the competent court in Utrecht.`,
    },
    privacy: {
      title: `${brand.name} privacy policy`,
      body: `${seller} is responsible for the personal data processed in ${brand.name}.

What we keep
- Your name, e-mail address and password (stored only as a hash).
- Your NTRIP accounts and their sessions: when a rover connected, from which address, which software it reported, how much data it received, and the positions (NMEA GGA) it sent, which the caster needs to choose the nearest base station.
- Payments and invoices, as the law requires us to keep them (seven years).

Why
To deliver the service, to bill it, to help you when a rover does not connect, and to keep the service secure.

Who else sees it
Our payment provider for card payments, our e-mail provider for the messages we send you, and the hosting provider of our servers. We sell no data.

How long
Sessions and positions for twelve months, your account until you delete it, invoices for seven years.

Your rights
You can see, correct, export and delete your data; deleting your account in Settings removes it, except the invoices we must keep. Write to privacy@${brand.domain} with any question, or complain to the data protection authority.

Cookies
The portal uses one cookie to keep you signed in and stores your language and menu preferences in your browser.`,
    },
  }),
  nl: (brand, seller) => ({
    terms: {
      title: `Algemene voorwaarden ${brand.name}`,
      body: `Deze voorwaarden gelden voor elk gebruik van ${brand.name}, het portaal en de NTRIP-caster die ${seller} beheert.

1. De dienst
${brand.name} levert GNSS-correctiedata (RTCM 3) via NTRIP van de referentiestations van de netwerken in de marktplaats, en RINEX-bestanden op aanvraag. De nauwkeurigheid hangt af van ontvanger, antenne, zicht op de hemel en de afstand tot het dichtstbijzijnde basisstation; correcties helpen bij het bepalen van een positie maar garanderen die niet.

2. Uw account
U houdt uw inloggegevens en NTRIP-wachtwoorden voor uzelf en bent verantwoordelijk voor wat ermee gebeurt. Eén NTRIP-account bedient tegelijk zoveel rovers als de verbindingslimiet toestaat.

3. Credits en abonnementen
Met credits koopt u dagen toegang per netwerk; de dagen beginnen bij de eerste verbinding van een account. Abonnementen worden elke periode verlengd tot u opzegt en eindigen aan het einde van de betaalde periode. Prijzen zijn inclusief btw waar die geldt; voor elke betaling ontvangt u een factuur.

4. Beschikbaarheid
Wij streven naar een ononderbroken dienst maar beloven die niet: onderhoud, uitval van stations en netwerkstoringen kunnen correcties onderbreken. Gepland onderhoud staat op de statuspagina.

5. Redelijk gebruik
Verkoop geen toegang door zonder schriftelijke afspraak, belast of onderzoek de caster niet, en deel accounts niet boven hun verbindingslimiet.

6. Aansprakelijkheid
${seller} is alleen aansprakelijk voor directe schade door opzet of grove nalatigheid, tot het bedrag dat in de twaalf maanden daarvoor voor de dienst is betaald.

7. Wijzigingen
Wij kunnen deze voorwaarden wijzigen; een nieuwe versie wordt hier met datum gepubliceerd en geldt vanaf dan.

8. Recht
Nederlands recht is van toepassing. Geschillen gaan naar de bevoegde rechter in Utrecht.`,
    },
    privacy: {
      title: `Privacyverklaring ${brand.name}`,
      body: `${seller} is verantwoordelijk voor de persoonsgegevens die in ${brand.name} worden verwerkt.

Wat wij bewaren
- Uw naam, e-mailadres en wachtwoord (alleen als hash).
- Uw NTRIP-accounts en hun sessies: wanneer een rover verbond, vanaf welk adres, welke software hij meldde, hoeveel data hij ontving en de posities (NMEA GGA) die hij stuurde, die de caster nodig heeft om het dichtstbijzijnde basisstation te kiezen.
- Betalingen en facturen, zoals de wet voorschrijft (zeven jaar).

Waarom
Om de dienst te leveren en te factureren, om u te helpen als een rover niet verbindt, en om de dienst veilig te houden.

Wie het nog meer ziet
Onze betaalprovider voor kaartbetalingen, onze e-mailprovider voor de berichten die wij u sturen, en de hostingprovider van onze servers. Wij verkopen geen gegevens.

Hoe lang
Sessies en posities twaalf maanden, uw account tot u het verwijdert, facturen zeven jaar.

Uw rechten
U kunt uw gegevens inzien, verbeteren, exporteren en verwijderen; uw account verwijderen in Instellingen wist ze, behalve de facturen die wij moeten bewaren. Mail privacy@${brand.domain} met elke vraag, of klaag bij de Autoriteit Persoonsgegevens.

Cookies
Het portaal gebruikt één cookie om u ingelogd te houden en bewaart uw taal- en menuvoorkeuren in uw browser.`,
    },
  }),
  de: (brand, seller) => ({
    terms: {
      title: `Allgemeine Geschäftsbedingungen ${brand.name}`,
      body: `Diese Bedingungen gelten für jede Nutzung von ${brand.name}, dem Portal und NTRIP-Caster der ${seller}.

1. Der Dienst
${brand.name} liefert GNSS-Korrekturdaten (RTCM 3) über NTRIP von den Referenzstationen der Netze im Marktplatz sowie RINEX-Dateien auf Anfrage. Die Genauigkeit hängt von Empfänger, Antenne, Himmelssicht und der Entfernung zur nächsten Basisstation ab; Korrekturen unterstützen die Positionsbestimmung, garantieren sie aber nicht.

2. Ihr Konto
Sie halten Ihre Anmeldedaten und NTRIP-Passwörter geheim und sind für deren Verwendung verantwortlich. Ein NTRIP-Konto bedient gleichzeitig so viele Rover, wie sein Verbindungslimit erlaubt.

3. Guthaben und Abonnements
Mit Guthaben kaufen Sie Tage Zugang je Netz; die Tage beginnen mit der ersten Verbindung eines Kontos. Abonnements verlängern sich jede Periode bis zur Kündigung und enden mit dem bezahlten Zeitraum. Preise enthalten die Umsatzsteuer, wo sie anfällt; für jede Zahlung wird eine Rechnung ausgestellt.

4. Verfügbarkeit
Wir streben einen ununterbrochenen Dienst an, sichern ihn aber nicht zu: Wartung, Stationsausfälle und Netzstörungen können Korrekturen unterbrechen. Geplante Wartung steht auf der Statusseite.

5. Faire Nutzung
Verkaufen Sie Zugang nicht ohne schriftliche Vereinbarung weiter, belasten oder untersuchen Sie den Caster nicht, und teilen Sie Konten nicht über ihr Verbindungslimit hinaus.

6. Haftung
Die ${seller} haftet nur für unmittelbare Schäden aus Vorsatz oder grober Fahrlässigkeit, bis zur Höhe des in den zwölf Monaten davor für den Dienst gezahlten Betrags.

7. Änderungen
Wir können diese Bedingungen ändern; eine neue Fassung wird hier mit Datum veröffentlicht und gilt ab dann.

8. Recht
Es gilt deutsches Recht. Gerichtsstand ist München.`,
    },
    privacy: {
      title: `Datenschutzerklärung ${brand.name}`,
      body: `Verantwortlich für die in ${brand.name} verarbeiteten personenbezogenen Daten ist die ${seller}.

Was wir speichern
- Ihren Namen, Ihre E-Mail-Adresse und Ihr Passwort (nur als Hash).
- Ihre NTRIP-Konten und deren Sitzungen: wann ein Rover sich verband, von welcher Adresse, welche Software er meldete, wie viele Daten er empfing und die Positionen (NMEA GGA), die er sendete und die der Caster zur Wahl der nächsten Basisstation braucht.
- Zahlungen und Rechnungen, wie gesetzlich vorgeschrieben (zehn Jahre).

Wozu
Um den Dienst zu erbringen und abzurechnen, um Ihnen zu helfen, wenn ein Rover sich nicht verbindet, und um den Dienst sicher zu halten.

Wer sie noch sieht
Unser Zahlungsdienstleister für Kartenzahlungen, unser E-Mail-Dienstleister für die Nachrichten an Sie und der Hoster unserer Server. Wir verkaufen keine Daten.

Wie lange
Sitzungen und Positionen zwölf Monate, Ihr Konto bis Sie es löschen, Rechnungen zehn Jahre.

Ihre Rechte
Sie können Ihre Daten einsehen, berichtigen, exportieren und löschen; das Löschen Ihres Kontos in den Einstellungen entfernt sie, außer den Rechnungen, die wir aufbewahren müssen. Schreiben Sie an privacy@${brand.domain} oder beschweren Sie sich bei der zuständigen Datenschutzbehörde.

Cookies
Das Portal verwendet ein Cookie, um Sie angemeldet zu halten, und speichert Ihre Sprach- und Menüeinstellungen in Ihrem Browser.`,
    },
  }),
};

/** The demo's first published terms and privacy documents, in the brand's name and language. */
export function demoDocuments(key: BrandKey): Record<LegalDocumentKind, DemoText> {
  const brand = getBrand(key);
  const language = brand.staticLanguage ?? 'en';
  const seller = language === 'de' ? `${brand.name} GmbH` : `${brand.name} B.V.`;
  return demoTexts[language](brand, seller);
}

/**
 * Publishes version 1 of the terms and of the privacy document when none of that kind exists, so a fresh `npm start`
 * has the pages the footer, the menus and the sign-up form link to (docs/decisions/0074). An operator's own
 * versions are never touched.
 */
export async function seedDemoDocuments(db: Database, brand: BrandKey): Promise<void> {
  const texts = demoDocuments(brand);
  const d = schema.legalDocuments;
  await db.transaction(async (tx) => {
    for (const kind of ['terms', 'privacy'] as const) {
      const [existing] = await tx.select({ id: d.id }).from(d).where(eq(d.kind, kind)).limit(1);
      if (existing) continue;
      await tx
        .insert(d)
        .values({ kind, version: 1, ...texts[kind] })
        .onConflictDoNothing();
    }
  });
}
