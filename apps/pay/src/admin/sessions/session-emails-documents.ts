import { graphql } from '../gql';

// The session page's emails section asks on its own, so its polling leaves the rest of the page be.
export const SessionEmailsDocument = graphql(`
  query AdminSessionEmails($id: ID!) {
    session(id: $id) {
      id
      emails {
        id
        kind
        status
        recipient
        createdAt
        sentAt
        attempts {
          attempt
          startedAt
          durationMs
          outcome
          excerpt
        }
      }
    }
  }
`);
