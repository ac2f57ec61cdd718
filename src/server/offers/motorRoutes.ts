// Motor data calls: the vehicle register, makes and models, product details and deductibles.
// The co-branded variants' makers come from the motor flow's variants[].defaults
// ("CS_VEHICLE.BRAND_MAKER"), so a new brand is a flow change, not a code change.

import type { FastifyPluginAsync } from 'fastify';
import type { Quote, Variant } from '../../engine/flow/types';
import { getPath } from '../../engine/paths';
import { deductiblesFor } from '../../engine/rating/rate';
import { normalizePlate, plateProblem } from '../../engine/rules/plate';
import { ERROR_ANSWERS, ref } from '../platform/apiSchemas';
import type { ServiceContext } from '../platform/context';
import { notFound, refuse, requestLang } from '../platform/errors';
import type { Lang } from '../platform/i18n';
import {
  findVehicleByChassisTail,
  findVehicleByPlate,
  makes,
  models,
  type RegisteredVehicle,
} from '../reference';
import { findVariant, type Product } from './catalog';
import { deductibleParams, productPackage } from './productLookup';

const MAKER_PATHS = ['CS_VEHICLE.BRAND_MAKER', 'CS_VEHICLE.MANUFACTURER'];

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/** The makers a variant accepts (upper case), or none when the variant names none. */
export function variantMakers(variant: Variant): string[] {
  for (const path of MAKER_PATHS) {
    const value = variant.defaults?.[path];
    const list = Array.isArray(value) ? value : [value];
    const makers = list
      .map(text)
      .filter(Boolean)
      .map((m) => m.toUpperCase());
    if (makers.length > 0) return makers;
  }
  return [];
}

function makeName(make: string, lang: Lang): string {
  return makes(lang).LOV_VALUE.find((m) => m.VALUE === make)?.TEXT ?? make;
}

export function motorRoutes(ctx: ServiceContext): FastifyPluginAsync {
  const motor = (): Product | undefined => ctx.catalog.products.find((p) => p.meta.api.segment === 'motor');

  /** The variant a search asks for (CS_USER_EXTRAS.VARIANT, or BRAND = its query value), if any. */
  const askedVariant = (body: Quote): Variant | undefined => {
    const name = text(getPath(body, 'CS_USER_EXTRAS.VARIANT')) || text(body.BRAND);
    if (name === '') return undefined;
    const product = motor();
    const variant = product ? findVariant(product, name) : undefined;
    if (!variant) throw refuse('errors.quote.unknownVariant', {}, { field: 'CS_USER_EXTRAS.VARIANT' });
    return variant;
  };

  const productIdFor = (variant?: Variant): string | undefined => {
    const tariff = motor()?.tariff;
    if (!tariff) return motor()?.meta.productId;
    return (variant ? tariff.variants?.[variant.id]?.productId : undefined) ?? tariff.productId;
  };

  return async (app) => {
    app.post<{ Body: Quote }>(
      '/motor/vehiclesearch',
      {
        schema: {
          tags: ['product: MOTOR'],
          summary: 'Find a vehicle by plate or by the last 7 characters of its chassis number',
          description:
            "Answers CS_VEHICLE from the register, CS_POLICY.PRODUCT_ID (the motor product id lookup, per variant) and LOV_MAP with the make list and the models of the vehicle's make. Not found: 422. A brand variant needs a vehicle of its maker: 422 with CODE BRAND_MISMATCH otherwise.",
          body: ref('vehicleSearch'),
          response: { 200: ref('answers', 'vehicle'), ...ERROR_ANSWERS },
        },
      },
      async (request) => {
        const lang = requestLang(request);
        const body = request.body;
        const variant = askedVariant(body);
        const plateInput = text(body.LICENSE_PLATE) || text(getPath(body, 'CS_VEHICLE.LICENSE_PLATE'));
        const chassisInput = text(body.CHASSIS_NUMBER) || text(getPath(body, 'CS_VEHICLE.CHASSIS_NUMBER'));
        let vehicle: RegisteredVehicle | null = null;
        if (plateInput !== '') {
          const plate = normalizePlate(plateInput);
          if (plateProblem(plate))
            throw refuse('errors.vehicle.invalidPlate', {}, { field: 'LICENSE_PLATE' });
          vehicle = findVehicleByPlate(plate);
        } else if (chassisInput !== '') {
          const compact = chassisInput.replace(/[\s-]+/g, '').toUpperCase();
          if (compact.length < 7) throw refuse('errors.vehicle.searchBy', {}, { field: 'CHASSIS_NUMBER' });
          vehicle = findVehicleByChassisTail(compact.slice(-7));
        } else {
          throw refuse('errors.vehicle.searchBy', {}, { field: 'LICENSE_PLATE' });
        }
        if (!vehicle) throw refuse('errors.vehicle.notFound', {}, { code: 'NOT_FOUND' });
        if (variant) {
          const makers = variantMakers(variant);
          if (makers.length > 0 && !makers.includes(vehicle.MANUFACTURER.toUpperCase())) {
            throw refuse(
              'errors.vehicle.brandMismatch',
              { maker: makers.map((m) => makeName(m, lang)).join(' / ') },
              { field: 'LICENSE_PLATE', code: 'BRAND_MISMATCH' },
            );
          }
        }
        const productId = productIdFor(variant);
        return {
          CS_VEHICLE: { ...vehicle },
          CS_POLICY: productId ? { PRODUCT_ID: productId } : {},
          LOV_MAP: {
            MANUFACTURER: makes(lang).LOV_VALUE,
            MODEL: models(vehicle.MANUFACTURER, lang)?.LOV_VALUE ?? [],
          },
        };
      },
    );

    app.post<{ Body: Quote | null }>(
      '/motor/getmake',
      {
        schema: {
          tags: ['product: MOTOR'],
          summary: 'Vehicle makes (LOV MANUFACTURER)',
          body: ref('getMake'),
          response: { 200: ref('lov'), ...ERROR_ANSWERS },
        },
      },
      async (request) => {
        const vehicleType = text(getPath(request.body ?? {}, 'CS_VEHICLE.VEHICLE_TYPE')) || undefined;
        return makes(requestLang(request), vehicleType);
      },
    );

    app.post<{ Body: Quote }>(
      '/motor/getmodel',
      {
        schema: {
          tags: ['product: MOTOR'],
          summary: 'Models of a make (LOV MODEL)',
          description: 'MANUFACTURER at the top level or in CS_VEHICLE; an unknown make answers 422.',
          body: ref('getModel'),
          response: { 200: ref('lov'), ...ERROR_ANSWERS },
        },
      },
      async (request) => {
        const make = (
          text(request.body.MANUFACTURER) || text(getPath(request.body, 'CS_VEHICLE.MANUFACTURER'))
        ).toUpperCase();
        if (make === '')
          throw refuse('errors.validation.required', { field: 'MANUFACTURER' }, { field: 'MANUFACTURER' });
        const vehicleType = text(getPath(request.body, 'CS_VEHICLE.VEHICLE_TYPE')) || undefined;
        const list = models(make, requestLang(request), vehicleType);
        if (!list)
          throw refuse('errors.vehicle.unknownMake', { make: make.slice(0, 60) }, { field: 'MANUFACTURER' });
        return list;
      },
    );

    app.post<{ Body: { LICENSE_PLATE: string; CHASSIS_NUMBER: string; MANUFACTURER: string | number } }>(
      '/motor/VhlSrchEndor',
      {
        schema: {
          tags: ['product: MOTOR'],
          summary: 'Vehicle search for an endorsement (new plate of the insured vehicle)',
          description:
            "The vehicle found by LICENSE_PLATE must have a chassis number containing the contract's CHASSIS_NUMBER and the same MANUFACTURER; otherwise 422.",
          body: ref('vehicleEndorsementSearch'),
          response: { 200: ref('answers', 'vehicle'), ...ERROR_ANSWERS },
        },
      },
      async (request) => {
        const plate = normalizePlate(request.body.LICENSE_PLATE);
        if (plateProblem(plate)) throw refuse('errors.vehicle.invalidPlate', {}, { field: 'LICENSE_PLATE' });
        const vehicle = findVehicleByPlate(plate);
        if (!vehicle) throw refuse('errors.vehicle.notFound', {}, { code: 'NOT_FOUND' });
        const chassis = request.body.CHASSIS_NUMBER.replace(/[\s-]+/g, '').toUpperCase();
        const maker = text(request.body.MANUFACTURER).toUpperCase();
        if (
          chassis === '' ||
          !vehicle.CHASSIS_NUMBER.toUpperCase().includes(chassis) ||
          vehicle.MANUFACTURER.toUpperCase() !== maker
        ) {
          throw refuse(
            'errors.vehicle.endorsementMismatch',
            {},
            { field: 'LICENSE_PLATE', code: 'VEHICLE_MISMATCH' },
          );
        }
        return { CS_VEHICLE: { ...vehicle } };
      },
    );

    app.get<{ Params: { id: string } }>(
      '/motor/motorproddet/:id',
      {
        schema: {
          tags: ['product: MOTOR'],
          summary: "Motor product details (the tariff's published config)",
          params: {
            type: 'object',
            properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,20}$' } },
            required: ['id'],
          },
          response: { 200: ref('answers', 'config'), ...ERROR_ANSWERS },
        },
      },
      async (request) => {
        const found = ctx.catalog.byProductId(request.params.id);
        const tariff = found?.product.tariff;
        if (!found || !tariff || found.product.meta.api.segment !== 'motor') {
          throw notFound('errors.product.notFound', { id: request.params.id });
        }
        return { ...(tariff.config ?? {}), PRODUCT_ID: request.params.id, VARIANT: found.variant ?? '' };
      },
    );

    const deductibleRoute = (kind: string, path: string, summary: string) =>
      app.get<{ Params: { productId: string; packageId: string; value?: string } }>(
        path,
        {
          schema: {
            tags: ['product: MOTOR'],
            summary,
            params:
              kind === 'excess'
                ? {
                    ...deductibleParams,
                    properties: {
                      ...deductibleParams.properties,
                      value: { type: 'string', pattern: '^\\d{1,9}(\\.\\d{1,2})?$' },
                    },
                    required: ['value', 'productId', 'packageId'],
                  }
                : deductibleParams,
            response: { 200: ref('answers', 'deductibles'), ...ERROR_ANSWERS },
          },
        },
        async (request) => {
          const { tariff, packageId } = productPackage(
            ctx,
            request.params.productId,
            request.params.packageId,
          );
          const list = deductiblesFor(tariff, kind, packageId);
          const current = request.params.value === undefined ? undefined : Number(request.params.value);
          return {
            CT_DEDUCTIBLES: list.map((d) => ({
              ...d,
              ZZSELECTED_IND: current !== undefined && d.DEDUCTIBLE_AMOUNT === current ? 'X' : '',
            })),
          };
        },
      );
    deductibleRoute(
      'excess',
      '/motor/getmtrdeduct/excess/:value/:productId/:packageId',
      'Motor excess choices of a package (the current value is marked ZZSELECTED_IND X)',
    );
    deductibleRoute(
      'windscreen',
      '/motor/getmtrdeduct/windscreen/:productId/:packageId',
      'Windscreen deductibles of a package',
    );
    deductibleRoute(
      'lossofuse',
      '/motor/getmtrdeduct/lossofuse/:productId/:packageId',
      'Loss-of-use choices of a package',
    );
  };
}
