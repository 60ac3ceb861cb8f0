import { OPEN_GROUP_PRICINGS } from '@paysplit/domain';
import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { enumFromValues } from '../../../graphql/enums.js';
import { MinorUnitsScalar } from '../../../graphql/scalars.js';

export const OpenGroupPricingEnum = enumFromValues(OPEN_GROUP_PRICINGS);
registerEnumType(OpenGroupPricingEnum, {
  name: 'OpenGroupPricing',
  description: 'PER_PLACE: every place costs pricePerPlaceMinor. SPLIT_TOTAL: the amount is shared by every place sold.',
});

@InputType({ description: 'An open group: payers are not known up front; anyone with its join link claims places.' })
export class OpenGroupInput {
  @Field(() => Int, { description: 'Places that must be held for the group to go ahead (1 to 500).' }) minPlaces!: number;
  @Field(() => Int, { description: 'The most places (1 to 500, at least minPlaces): the group ends when they are all held.' })
  maxPlaces!: number;
  @Field(() => Int, { nullable: true, description: 'The most places one payer may take; none: up to the places left.' })
  maxPlacesPerPayer?: number | null;
  @Field(() => OpenGroupPricingEnum) pricing!: string;
  @Field(() => MinorUnitsScalar, {
    nullable: true,
    description: 'PER_PLACE only, required there: the price of one place. Send no amount with it.',
  })
  pricePerPlaceMinor?: string | number | null;
  @Field(() => String, { nullable: true, description: 'Shown on the join page ("Organised by …"): one line, at most 80 characters.' })
  organiserName?: string | null;
  @Field(() => String, {
    nullable: true,
    description: "Where the organiser's emails go (the group tipped, how it ended, the sign-in link to their page).",
  })
  organiserEmail?: string | null;
}

@ObjectType({ description: 'Where an open group stands, counted now.' })
export class OpenGroupView {
  @Field(() => OpenGroupPricingEnum) pricing!: string;
  @Field(() => Int) minPlaces!: number;
  @Field(() => Int) maxPlaces!: number;
  @Field(() => Int, { nullable: true }) maxPlacesPerPayer!: number | null;
  @Field(() => MinorUnitsScalar, {
    description: 'What one place is held (or charged) at for someone joining now; SPLIT_TOTAL only falls as more join.',
  })
  pricePerPlaceMinor!: bigint;
  @Field(() => MinorUnitsScalar, { description: 'The most one place can cost: the price, or the amount shared by the minimum.' })
  maxPricePerPlaceMinor!: bigint;
  @Field(() => MinorUnitsScalar, { nullable: true, description: 'What one place ended at, once the group ended tipped.' })
  finalPricePerPlaceMinor!: bigint | null;
  @Field(() => Int, { description: 'Places held (manual) or paid (automatic).' }) placesSold!: number;
  @Field(() => Int, { description: 'Places claimed by payers who are paying now.' }) placesReserved!: number;
  @Field(() => Int) placesLeft!: number;
  @Field(() => Date, { nullable: true, description: 'When minPlaces were first held: the group goes ahead.' }) tippedAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'When every place was held.' }) fullAt!: Date | null;
  @Field(() => String, { nullable: true }) organiserName!: string | null;
  @Field(() => String, { nullable: true, description: 'The link to share: for the merchant and the organiser only.' })
  joinUrl!: string | null;
  @Field(() => Int, { nullable: true, description: "Pay views only: the viewer's places (0 for the organiser)." })
  viewerPlaces!: number | null;
}
