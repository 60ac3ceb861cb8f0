import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConfigureParticipantInput, SplitMode } from '../gql/graphql';
import { errorCodeOf, execute, GraphQLRequestError } from '../graphql/client';
import { useT } from '../i18n/translator';
import { ConfigureSessionDocument } from '../graphql/operations';
import { newerView, type PaySessionView, sessionQueryKey } from '../session/session-query';
import { distributeDetails } from './split-draft';
import { saveErrorMessage, type ServerErrors } from './split-messages';

/** Saves the split with configureSession; the server's objections land on the inputs they name. */
export function useSaveSplit(session: PaySessionView, mode: SplitMode, onDone: (() => void) | undefined) {
  const t = useT();
  const [serverErrors, setServerErrors] = useState<ServerErrors | null>(null);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (participants: ConfigureParticipantInput[]) =>
      execute(ConfigureSessionDocument, { input: { sessionId: session.id, splitMode: mode, participants } }),
    onSuccess: ({ configureSession }) => {
      queryClient.setQueryData<PaySessionView>(sessionQueryKey(session.id), (current) => newerView(current, configureSession));
      onDone?.();
    },
    onError: (error) => {
      if (error instanceof GraphQLRequestError && error.code === 'VALIDATION_ERROR') {
        setServerErrors(distributeDetails(error.details, mode, error.message));
      } else {
        setServerErrors({ fieldErrors: {}, formErrors: [saveErrorMessage(t, errorCodeOf(error))] });
      }
    },
  });
  return {
    mutate: mutation.mutate,
    isPending: mutation.isPending,
    serverErrors,
    clearServerErrors: () => setServerErrors(null),
  };
}
