import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { enumFromValues } from '../../graphql/enums.js';

export const AccountRoleEnum = enumFromValues(['merchant', 'operator'] as const);
registerEnumType(AccountRoleEnum, {
  name: 'AccountRole',
  description: 'MERCHANT manages its own integrations; OPERATOR (PaySplit staff) sees all.',
});

@ObjectType({ description: 'The signed-in user of the administration area.' })
export class AdminViewer {
  @Field(() => ID) accountId!: string;
  @Field(() => String) email!: string;
  @Field(() => AccountRoleEnum) role!: string;
  @Field(() => Boolean, { description: 'True after a one-time password: only changePassword and logout work until it is changed.' })
  mustChangePassword!: boolean;
  @Field(() => String, { description: 'Send as the X-CSRF-Token header with every admin request that uses the sign-in cookie.' })
  csrfToken!: string;
}

@ObjectType({ description: 'A token for internal dashboards (Authorization: Bearer); only its last 4 characters are kept in view.' })
export class OperatorTokenView {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => String) last4!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { nullable: true }) lastUsedAt!: Date | null;
  @Field(() => Date, { nullable: true }) revokedAt!: Date | null;
}

@ObjectType()
export class CreatedOperatorToken {
  @Field(() => String, { description: 'Shown once: store it in the dashboard server’s secrets.' }) token!: string;
  @Field(() => OperatorTokenView) record!: OperatorTokenView;
}
