import { useMutation } from '@tanstack/react-query';
import { useNow } from '../../use-now';
import type { SigningSecretKind } from '../gql/graphql';
import { adminExecute } from '../transport';
import { ConfirmButton } from '../ui/ConfirmButton';
import { FormError } from '../ui/fields';
import { formatDateTime } from '../ui/format';
import { describeError } from '../ui/form-errors';
import { ShownOnceSecret } from '../ui/ShownOnceSecret';
import { type Integration, useIntegrationChanged } from './IntegrationScreen';
import { RotateSigningSecretDocument } from './integration-documents';

const KINDS: readonly { kind: SigningSecretKind; label: string; use: string }[] = [
  { kind: 'WEBHOOK', label: 'Webhook secret', use: 'verifies the events PaySplit sends to your webhook URL' },
  { kind: 'PARTNER', label: 'Partner secret', use: 'verifies PaySplit’s calls to your create-payment URL' },
];

/** The two signing secrets: when last rotated, how long the previous one still verifies, and rotating (new secret shown once). */
export function SigningSecretsSection({ integration }: { integration: Integration }) {
  const changed = useIntegrationChanged(integration.id);
  const now = useNow();
  const rotate = useMutation({
    mutationFn: (kind: SigningSecretKind) => adminExecute(RotateSigningSecretDocument, { integrationId: integration.id, kind }),
    onSuccess: () => changed(),
  });
  const rotated = rotate.data?.rotateSigningSecret;
  const rotatedLabel = KINDS.find((k) => k.kind === rotated?.kind)?.label ?? 'Signing secret';

  return (
    <section className="admin-section" aria-labelledby="signing-secrets">
      <h2 id="signing-secrets">Signing secrets</h2>
      <p className="hint">
        Rotating makes a new secret at once; the previous one keeps verifying for a while, so you can switch over without failed requests.
      </p>
      {rotated && (
        <ShownOnceSecret title={`New ${rotatedLabel.toLowerCase()}`} secret={rotated.secret} onDismiss={() => rotate.reset()}>
          <p>The previous secret stays valid until {formatDateTime(rotated.previousValidUntil)}.</p>
        </ShownOnceSecret>
      )}
      <ul className="card-list">
        {KINDS.map(({ kind, label, use }) => {
          const secret = integration.signingSecrets.find((s) => s.kind === kind);
          const previousValid =
            secret?.previousValidUntil && Date.parse(secret.previousValidUntil) > now ? secret.previousValidUntil : null;
          return (
            <li key={kind} className="card">
              <h3>{label}</h3>
              <p className="hint">It {use}.</p>
              <p>
                Last rotated:{' '}
                {secret?.rotatedAt ? formatDateTime(secret.rotatedAt) : 'never (the secret from when the integration was created)'}
              </p>
              {previousValid && <p>Previous secret valid until {formatDateTime(previousValid)}.</p>}
              <ConfirmButton
                label={`Rotate ${label.toLowerCase()}`}
                question={`Make a new ${label.toLowerCase()}? Update your server with it; the current one keeps working for a while.`}
                confirmLabel="Rotate now"
                danger={false}
                busy={rotate.isPending}
                onConfirm={() => rotate.mutate(kind)}
              />
            </li>
          );
        })}
      </ul>
      {rotate.isError && <FormError message={describeError(rotate.error)} />}
    </section>
  );
}
