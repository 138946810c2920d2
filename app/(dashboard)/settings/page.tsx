import type { Metadata } from "next";
import { headers } from "next/headers";
import { PageHeader } from "@/components/layout/page-header";
import { AccessTokensCard } from "@/components/settings/access-tokens-card";
import { ConnectionCard } from "@/components/settings/connection-card";
import { ExportTokensCard } from "@/components/settings/export-tokens-card";
import { WebhookCard } from "@/components/settings/webhook-card";
import { AuditCard } from "@/components/settings/audit-card";
import { MembersLinkCard } from "@/components/settings/members-link-card";
import { RefusedValuesCard } from "@/components/settings/refused-values-card";
import { ShareLinksCard } from "@/components/settings/share-links-card";
import { TeamAccessTokensCard } from "@/components/settings/team-access-tokens-card";
import { TimeZoneCard } from "@/components/settings/time-zone-card";
import { teamTimeZone } from "@/lib/budgets/status";
import { database } from "@/lib/db";
import { listAuditWithActors } from "@/lib/db/audit";
import { requirePageIdentity } from "@/lib/auth/page";
import { SecondFactorCard } from "@/components/settings/second-factor-card";
import { SecondFactorRuleCard } from "@/components/settings/second-factor-rule-card";
import { SessionsCard } from "@/components/settings/sessions-card";
import { authenticatorAppOn } from "@/lib/auth/second-factor/last-factor";
import { passkeysOf } from "@/lib/auth/second-factor/passkeys";
import { sessionsOf } from "@/lib/auth/sessions";
import { mustEnrol, secondFactorRule } from "@/lib/policy/second-factor";
import { roleAtLeast } from "@/lib/members/roles";
import { learnedValues } from "@/lib/tasks/refused-values";
import { getUpstreamSettings } from "@/lib/upstream/settings";
import { exportTokens } from "@/lib/exports/tokens";
import { accessTokensOf, teamAccessTokens } from "@/lib/gateway/tokens";
import { shareLinksOf } from "@/lib/shares/links";
import { linkOrigin } from "@/lib/http/public-origin";
import { webhookView } from "@/lib/webhooks/settings";
import { SsoCard } from "@/components/settings/sso-card";
import { ssoSettingsView } from "@/lib/auth/sso/settings";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const { user, token } = await requirePageIdentity();
  const isAdmin = roleAtLeast(user.role, "admin");
  const rule = await secondFactorRule(database().db);
  const upstream = await getUpstreamSettings();
  const links = linkOrigin(await headers());
  return (
    <>
      <PageHeader title="Settings" description="The generation API connection and the people who use Darkroom." />
      <div className="grid gap-6">
        {/* Named props, not a spread: whatever else the settings object holds stays on the server. */}
        {/* The upstream's address is internal: only admins, who manage the connection, see it. */}
        <ConnectionCard
          baseUrl={isAdmin ? upstream.baseUrl : null}
          configured={upstream.baseUrl !== null}
          keySet={upstream.keySet}
          keyLast4={upstream.keyLast4}
          plan={upstream.plan}
          canTest={isAdmin}
        />
        <MembersLinkCard isAdmin={isAdmin} />
        <SessionsCard sessions={await sessionsOf(user, token)} />
        <SecondFactorCard
          appOn={await authenticatorAppOn(database().db, { userId: user.id })}
          passkeys={await passkeysOf(user)}
          required={mustEnrol({ rule, role: user.role, enrolled: false })}
        />
        {isAdmin && <SecondFactorRuleCard required={rule} />}
        {roleAtLeast(user.role, "member") && (
          <AccessTokensCard
            tokens={await accessTokensOf(user)}
            now={new Date().toISOString()}
            origin={links.origin}
            localOnly={links.localOnly}
          />
        )}
        {isAdmin && <TeamAccessTokensCard tokens={await teamAccessTokens(user)} now={new Date().toISOString()} />}
        {roleAtLeast(user.role, "member") && (
          <ShareLinksCard links={await shareLinksOf(user)} now={new Date().toISOString()} viewerId={user.id} everyone={isAdmin} />
        )}
        {isAdmin && <SsoCard settings={await ssoSettingsView(await headers())} />}
        {isAdmin && <TimeZoneCard timeZone={await teamTimeZone(database().db)} />}
        {isAdmin && <RefusedValuesCard learned={await learnedValues(database().db)} />}
        {isAdmin && <WebhookCard webhook={await webhookView()} />}
        {isAdmin && <ExportTokensCard tokens={await exportTokens()} now={new Date().toISOString()} />}
        {isAdmin && (
          <AuditCard
            entries={(await listAuditWithActors(database().db, { limit: 20 })).map((row) => ({
              id: row.id,
              action: row.action,
              actorName: row.actor_name,
              subjectId: row.subject_id,
              createdAt: row.created_at,
            }))}
          />
        )}
      </div>
    </>
  );
}
