import { graphql } from '../gql';

export const AdminViewerFieldsFragment = graphql(`
  fragment AdminViewerFields on AdminViewer {
    accountId
    email
    role
    mustChangePassword
    csrfToken
  }
`);

export const MeDocument = graphql(`
  query AdminMe {
    me {
      ...AdminViewerFields
    }
  }
`);

export const LoginDocument = graphql(`
  mutation AdminLogin($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      ...AdminViewerFields
    }
  }
`);

export const RegisterAccountDocument = graphql(`
  mutation AdminRegisterAccount($email: String!, $password: String!) {
    registerAccount(email: $email, password: $password) {
      ...AdminViewerFields
    }
  }
`);

export const ChangePasswordDocument = graphql(`
  mutation AdminChangePassword($currentPassword: String!, $newPassword: String!) {
    changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {
      ...AdminViewerFields
    }
  }
`);

export const LogoutDocument = graphql(`
  mutation AdminLogout {
    logout
  }
`);
