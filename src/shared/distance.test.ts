import { describe, expect, it } from 'vitest';
import { vehicleInput } from './contracts/fleet';
import {
  distanceInput,
  distanceText,
  formatDistance,
  fromMiles,
  KM_PER_MILE,
  maxInUnit,
  milesField,
  toMiles,
} from './distance';

const MAX_MILES = 2_000_000;

describe('distance conversion', () => {
  it('uses the international mile', () => {
    expect(KM_PER_MILE).toBe(1.609344);
    expect(toMiles(1609.344 * 1000, 'kilometers')).toBe(1_000_000);
    expect(fromMiles(1, 'kilometers')).toBe(2);
    expect(fromMiles(100, 'kilometers')).toBe(161);
  });

  it('sends 102 km as 63.380 mi, which shows again as 102 km (whole miles would give 101 km)', () => {
    expect(toMiles(102, 'kilometers')).toBe(63.38);
    expect(fromMiles(63.38, 'kilometers')).toBe(102);
    expect(fromMiles(63, 'kilometers')).toBe(101);
  });

  it('brings back every whole number of kilometres from 0 to the limit exactly, through the contract', () => {
    const maxKm = maxInUnit(MAX_MILES, 'kilometers');
    expect(maxKm).toBe(3_218_688);
    const field = milesField('Mileage', 0, MAX_MILES);
    let wrong = 0;
    for (let km = 0; km <= maxKm; km += 1) {
      const miles = toMiles(km, 'kilometers');
      if (fromMiles(miles, 'kilometers') !== km) wrong += 1;
      // The stored value keeps three decimals: what the API takes is what it answers.
      if (km % 997 === 0 && field.parse(miles) !== miles) wrong += 1;
    }
    expect(wrong).toBe(0);
  });

  it('keeps whole miles whole, both ways', () => {
    for (const miles of [0, 1, 63, 38_210, 1_999_999, MAX_MILES]) {
      expect(toMiles(miles, 'miles')).toBe(miles);
      expect(fromMiles(miles, 'miles')).toBe(miles);
    }
  });

  it('formats in the unit with its suffix', () => {
    expect(formatDistance(38_210, 'miles')).toBe('38,210 mi');
    expect(formatDistance(38_210, 'kilometers')).toBe('61,493 km');
    expect(formatDistance(63.38, 'kilometers')).toBe('102 km');
    expect(distanceText(63.38, 'miles')).toBe('63');
    expect(distanceText(null, 'kilometers')).toBe('');
  });
});

describe('distance boxes', () => {
  it('parses whole numbers in the unit into miles', () => {
    const km = distanceInput('Mileage', 'kilometers', MAX_MILES);
    expect(km.parse('102')).toBe(63.38);
    expect(km.parse(' 0 ')).toBe(0);
    expect(km.parse('')).toBeNull();
    expect(distanceInput('Mileage', 'miles', MAX_MILES).parse('1200')).toBe(1200);
  });

  it('says what is wrong in the unit the box shows', () => {
    const km = distanceInput('Mileage', 'kilometers', MAX_MILES);
    const message = (text: string) => km.safeParse(text).error?.issues[0]?.message;
    expect(message('abc')).toBe('Mileage must be a number');
    expect(message('1.5')).toBe('Mileage must be a whole number of kilometers');
    expect(message('-1')).toBe('Mileage must be between 0 and 3,218,688 km');
    expect(message('3218689')).toBe('Mileage must be between 0 and 3,218,688 km');
    expect(distanceInput('Mileage', 'miles', MAX_MILES).safeParse('2000001').error?.issues[0]?.message).toBe(
      'Mileage must be between 0 and 2,000,000 mi',
    );
  });

  it('sends the stored value back unchanged when the box is left as it opened', () => {
    expect(distanceInput('Mileage', 'miles', MAX_MILES, 63.38).parse('63')).toBe(63.38);
    expect(distanceInput('Mileage', 'kilometers', MAX_MILES, 1000).parse('1609')).toBe(1000);
    expect(distanceInput('Mileage', 'kilometers', MAX_MILES, 1000).parse('1610')).toBe(1000.408);
  });

  it('the vehicle contract takes miles to three decimals', () => {
    const base = {
      make: 'Ford',
      model: 'Transit',
      year: 2022,
      vin: '1FTBR1C8XMKA00001',
      licensePlate: 'A-1',
    };
    expect(vehicleInput.parse({ ...base, mileage: 63.38 }).mileage).toBe(63.38);
    expect(vehicleInput.parse({ ...base, mileage: '1200' }).mileage).toBe(1200);
    expect(vehicleInput.safeParse({ ...base, mileage: 1.0001 }).success).toBe(false);
  });
});
