// Vehicles: makes and models (vehicles.json, with the co-branded variants' makes) and the seeded
// vehicle register (vehicleRegister.json), looked up by plate or by the chassis number's tail.

import type {
  Lang,
  LovAnswer,
  LovItem,
  ModelItem,
  RegisteredVehicle,
  StoredMake,
  StoredModel,
} from './types';
import registerJson from './vehicleRegister.json' with { type: 'json' };
import vehiclesJson from './vehicles.json' with { type: 'json' };

const vehicleStore: { BRANDS: Record<string, string>; MAKES: StoredMake[] } = vehiclesJson;
const registerStore: RegisteredVehicle[] = registerJson.VEHICLES;

/** Makes and models sort by name the same in both languages (they are brand names). */
const byNameCollator = new Intl.Collator('en', { sensitivity: 'base' });

/** Every make, as stored. */
export const vehicleMakes: readonly StoredMake[] = vehicleStore.MAKES;

export const makeByValue = new Map(vehicleStore.MAKES.map((m) => [m.VALUE, m]));

function byName<T extends { NAME: string }>(a: T, b: T): number {
  return byNameCollator.compare(a.NAME, b.NAME);
}

export function makeItems(vehicleType?: string): LovItem[] {
  return [...vehicleStore.MAKES]
    .filter((m) => !vehicleType || m.MODELS.some((x) => x.VEHICLE_TYPE === vehicleType))
    .sort(byName)
    .map((m) => ({ VALUE: m.VALUE, TEXT: m.NAME }));
}

export function modelItems(make: StoredMake, vehicleType?: string): ModelItem[] {
  return [...make.MODELS]
    .filter((m) => !vehicleType || m.VEHICLE_TYPE === vehicleType)
    .sort(byName)
    .map((m) => ({
      VALUE: m.VALUE,
      TEXT: m.NAME,
      VEHICLE_TYPE: m.VEHICLE_TYPE,
      ENGINE_CAPACITY: m.ENGINE_CAPACITY,
      NO_OF_SEATS: m.NO_OF_SEATS,
      FUEL: m.FUEL,
    }));
}

/** MANUFACTURER list in name order; with a vehicle type, only makes that have such models. */
export function makes(_lang: Lang, vehicleType?: string): LovAnswer {
  return { LOV_NAME: 'MANUFACTURER', LOV_VALUE: makeItems(vehicleType) };
}

/** MODEL list of a make in name order (optionally of one vehicle type), or null for an unknown make. */
export function models(make: string, _lang: Lang, vehicleType?: string): LovAnswer<ModelItem> | null {
  const stored = makeByValue.get(make);
  if (!stored) return null;
  return {
    LOV_NAME: 'MODEL',
    LOV_VALUE: modelItems(stored, vehicleType),
    DEPENDENCIES: [{ KEY: 'MANUFACTURER', VALUE: make }],
  };
}

/** A model's stored details (typical engine, seats, fuel, price new), or null. */
export function modelInfo(make: string, model: string): StoredModel | null {
  const found = makeByValue.get(make)?.MODELS.find((m) => m.VALUE === model);
  return found ? { ...found } : null;
}

/** The make of a co-branded motor variant (?ref=1 Toyota, ?ref=2 Nissan), or null. */
export function brandMake(brand: string): string | null {
  return Object.hasOwn(vehicleStore.BRANDS, brand) ? vehicleStore.BRANDS[brand] : null;
}

const PLATE = /^[A-Z]{1,3}\d{3}$/;
const VIN_TAIL = /^[A-HJ-NPR-Z0-9]{7}$/;

const byPlate = new Map(registerStore.filter((v) => v.LICENSE_PLATE !== '').map((v) => [v.LICENSE_PLATE, v]));
const byChassisTail = new Map(registerStore.map((v) => [v.CHASSIS_NUMBER.slice(-7), v]));

/**
 * Looks a plate up as the visitor may type it: any case, spaces or a dash, and a 1- or 2-digit
 * number padded to 3 (KXR 5 is KXR005). Null when not found or not a valid Cypriot plate.
 */
export function findVehicleByPlate(plate: string): RegisteredVehicle | null {
  const compact = plate.toUpperCase().replace(/[\s-]/g, '');
  const m = /^([A-Z]{1,3})(\d{1,3})$/.exec(compact);
  if (!m) return null;
  const normalised = m[1] + m[2].padStart(3, '0');
  if (!PLATE.test(normalised) || normalised.endsWith('000')) return null;
  const found = byPlate.get(normalised);
  return found ? { ...found } : null;
}

/** Looks a vehicle up by the last 7 characters of its chassis number (any case), or null. */
export function findVehicleByChassisTail(last7: string): RegisteredVehicle | null {
  const tail = last7.trim().toUpperCase();
  if (!VIN_TAIL.test(tail)) return null;
  const found = byChassisTail.get(tail);
  return found ? { ...found } : null;
}

/** Every vehicle of the register (copies). */
export function allVehicles(): RegisteredVehicle[] {
  return registerStore.map((v) => ({ ...v }));
}
