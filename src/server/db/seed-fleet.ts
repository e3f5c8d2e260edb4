import { isoDay } from '../../shared/days';
import type { Executor } from './client';
import { drivers, maintenanceRecords, vehicles } from './schema';

const DEMO_VEHICLES = [
  {
    make: 'Ford',
    model: 'Transit 250',
    year: 2022,
    vin: '1FTBR1C80NKA10001',
    licensePlate: 'FLT-101',
    status: 'active',
    mileage: 38_210,
    fuelLevel: 72,
    location: 'Columbus depot',
  },
  {
    make: 'Ford',
    model: 'Transit 350',
    year: 2021,
    vin: '1FTBW2CM5MKA10002',
    licensePlate: 'FLT-102',
    status: 'active',
    mileage: 52_904,
    fuelLevel: 45,
    location: 'I-70 westbound',
  },
  {
    make: 'Mercedes-Benz',
    model: 'Sprinter 2500',
    year: 2023,
    vin: 'W1Y4ECHY5PT100003',
    licensePlate: 'FLT-103',
    status: 'active',
    mileage: 14_377,
    fuelLevel: 88,
    location: 'Dayton',
  },
  {
    make: 'Ram',
    model: 'ProMaster 2500',
    year: 2020,
    vin: '3C6TRVDG0LE100004',
    licensePlate: 'FLT-104',
    status: 'maintenance',
    mileage: 81_560,
    fuelLevel: 20,
    location: 'Workshop',
  },
  {
    make: 'Chevrolet',
    model: 'Express 2500',
    year: 2019,
    vin: '1GCWGAFP2K1100005',
    licensePlate: 'FLT-105',
    status: 'active',
    mileage: 97_015,
    fuelLevel: 63,
    location: 'Cincinnati',
  },
  {
    make: 'Isuzu',
    model: 'NPR-HD',
    year: 2021,
    vin: 'JALC4W162M7100006',
    licensePlate: 'FLT-106',
    status: 'active',
    mileage: 61_230,
    fuelLevel: 54,
    location: 'Columbus depot',
  },
  {
    make: 'Freightliner',
    model: 'M2 106',
    year: 2018,
    vin: '1FVACWDT0JHJ10007',
    licensePlate: 'FLT-107',
    status: 'inactive',
    mileage: 143_880,
    fuelLevel: 35,
    location: 'Yard B',
  },
  {
    make: 'Toyota',
    model: 'Tacoma',
    year: 2022,
    vin: '3TMCZ5AN0NM100008',
    licensePlate: 'FLT-108',
    status: 'active',
    mileage: 27_402,
    fuelLevel: 91,
    location: 'Field team',
  },
  {
    make: 'Ford',
    model: 'F-150',
    year: 2020,
    vin: '1FTEW1EP0LKD10009',
    licensePlate: 'FLT-109',
    status: 'active',
    mileage: 74_118,
    fuelLevel: 12,
    location: 'Toledo',
  },
  {
    make: 'Nissan',
    model: 'NV200',
    year: 2017,
    vin: '3N6CM0KN0HK100010',
    licensePlate: 'FLT-110',
    status: 'retired',
    mileage: 188_450,
    fuelLevel: 0,
    location: null,
  },
  {
    make: 'Hino',
    model: '268A',
    year: 2019,
    vin: '5PVNJ8JV0K4S10011',
    licensePlate: 'FLT-111',
    status: 'maintenance',
    mileage: 119_760,
    fuelLevel: 40,
    location: 'Workshop',
  },
  {
    make: 'Mercedes-Benz',
    model: 'Metris',
    year: 2021,
    vin: 'WD4PG2EE0M3100012',
    licensePlate: 'FLT-112',
    status: 'active',
    mileage: 33_590,
    fuelLevel: 77,
    location: 'Columbus depot',
  },
] as const;

/** The demo account's fleet: a dozen vehicles in mixed states, drivers, and one overdue service. */
export async function seedDemoFleet(tx: Executor, customerId: string, now: Date): Promise<void> {
  const fleet = await tx
    .insert(vehicles)
    .values(DEMO_VEHICLES.map((v) => ({ ...v, customerId, lastUpdate: now })))
    .returning({ id: vehicles.id, plate: vehicles.licensePlate });
  const byPlate = new Map(fleet.map((v) => [v.plate, v.id]));
  // Each driver their own number, from the 555-0100 to 555-0199 range kept for fiction.
  const people = [
    ['Maria Lopez', 'maria.lopez@fleetco.example', '+16145550101', 'OH-D1234567', 'FLT-101'],
    ['James Carter', 'james.carter@fleetco.example', '+16145550102', 'OH-D2345678', 'FLT-102'],
    ['Aisha Khan', 'aisha.khan@fleetco.example', '+16145550103', 'OH-D3456789', 'FLT-103'],
    ['Tom Becker', 'tom.becker@fleetco.example', '+16145550104', 'OH-D4567890', 'FLT-105'],
    ['Lena Novak', 'lena.novak@fleetco.example', '+16145550105', 'OH-D5678901', null],
    ['Omar Haddad', 'omar.haddad@fleetco.example', '+16145550106', 'OH-D6789012', null],
  ] as const;
  await tx.insert(drivers).values(
    people.map(([name, email, phone, licenseNumber, plate]) => ({
      customerId,
      name,
      email,
      licenseNumber,
      phone,
      status: 'active' as const,
      assignedVehicleId: plate ? byPlate.get(plate)! : null,
    })),
  );
  const day = 86_400_000;
  await tx.insert(maintenanceRecords).values([
    {
      customerId,
      vehicleId: byPlate.get('FLT-105')!,
      type: 'Brake inspection',
      dueDate: isoDay(new Date(now.getTime() - 6 * day)),
      costCents: null,
    },
    {
      customerId,
      vehicleId: byPlate.get('FLT-101')!,
      type: 'Oil change',
      dueDate: isoDay(new Date(now.getTime() + 9 * day)),
      dueMileage: 40_000,
    },
    { customerId, vehicleId: byPlate.get('FLT-106')!, type: 'Tire rotation', dueMileage: 65_000 },
    {
      customerId,
      vehicleId: byPlate.get('FLT-104')!,
      type: 'Transmission service',
      dueDate: isoDay(new Date(now.getTime() + 3 * day)),
      notes: 'In the workshop since Monday',
    },
    {
      customerId,
      vehicleId: byPlate.get('FLT-103')!,
      type: 'Annual inspection',
      // Within the account's life (it signed up 24 days ago).
      dueDate: isoDay(new Date(now.getTime() - 20 * day)),
      completedDate: isoDay(new Date(now.getTime() - 18 * day)),
      costCents: 18_500,
    },
  ]);
}
