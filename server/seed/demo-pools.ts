/**
 * The vocabulary of the demo event: names from many backgrounds (a few accented ones such as José, Zoë
 * and Núñez so accent-free search has something to find), home towns with their area codes and ZIP
 * prefixes, airlines with their IATA codes, rooms and notes. Emails use the reserved example domains and
 * phones the fictional 555-01xx range, so demo data never reaches a real person.
 */

export const MALE_NAMES = [
  'James', 'Michael', 'Robert', 'David', 'William', 'Daniel', 'Anthony', 'Kevin', 'Brian', 'Jason',
  'Marcus', 'Andre', 'Darnell', 'Jamal', 'Carlos', 'José', 'Luis', 'Miguel', 'Andrés', 'Diego',
  'Alejandro', 'Wei', 'Jun', 'Hiroshi', 'Minh', 'Raj', 'Arjun', 'Vikram', 'Sanjay', 'Omar', 'Ahmed',
  'Yusuf', 'Kwame', 'Chinedu', 'Emeka', 'Tunde', 'Samuel', 'Isaac', 'Elijah', 'Noah', 'Liam', 'Ethan',
  'Mateo', 'Santiago', 'Rafael', 'Thomas', 'Christopher', 'Matthew', 'Joshua', 'Benjamin', 'Patrick',
  'Sean', 'Ryan', 'Tyler', 'Jordan', 'Malik', 'Terrence', 'Cedric', 'Dmitri', 'Ivan', 'François', 'Kai',
  'Gabriel', 'Jérôme', 'Nikhil', 'Hamza', 'Desmond', 'Reggie', 'Quentin', 'Felipe',
] as const;

export const FEMALE_NAMES = [
  'Mary', 'Patricia', 'Jennifer', 'Linda', 'Elizabeth', 'Susan', 'Jessica', 'Sarah', 'Karen', 'Lisa',
  'Nancy', 'Ashley', 'Emily', 'Michelle', 'Amanda', 'Stephanie', 'Keisha', 'Tamika', 'Aaliyah', 'Imani',
  'Ebony', 'María', 'Sofía', 'Lucía', 'Valentina', 'Camila', 'Ximena', 'Guadalupe', 'Mei', 'Lin', 'Yuki',
  'Hana', 'Priya', 'Ananya', 'Deepa', 'Kavya', 'Fatima', 'Aisha', 'Layla', 'Amara', 'Ngozi', 'Chioma',
  'Adaeze', 'Grace', 'Zoë', 'Chloé', 'Renée', 'Noémie', 'Hélène', 'Olivia', 'Emma', 'Ava', 'Isabella',
  'Mia', 'Abigail', 'Madison', 'Natalie', 'Rachel', 'Rebecca', 'Danielle', 'Maya', 'Beatriz', 'Inés',
  'Thandiwe', 'Simone', 'Tanisha', 'Yolanda', 'Gloria', 'Rosa', 'Esperanza',
] as const;

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson',
  'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis',
  'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
  'Núñez', 'Muñoz', 'Peña', 'Gómez', 'Ibáñez', 'Castañeda', 'García-López', 'Okafor', 'Okonkwo',
  'Adeyemi', 'Mensah', 'Boateng', 'Patel', 'Shah', 'Singh', 'Kumar', 'Reddy', 'Chen', 'Wang', 'Li',
  'Zhang', 'Liu', 'Kim', 'Park', 'Choi', 'Tanaka', 'Sato', 'Yamamoto', 'Tran', 'Pham', 'Le', "O'Brien",
  "O'Connor", 'Murphy', 'Kelly', 'Sullivan', 'Kowalski', 'Nowak', 'Schmidt', 'Müller', 'Fischer', 'Rossi',
  'Russo', 'Haddad', 'Khalil', 'Nasser', 'Abdullah', 'Washington', 'Jefferson', 'Freeman', 'Banks',
  'Brooks', 'Coleman', 'Jenkins', 'Dubois', 'Lefèvre', 'Côté', 'Ortiz', 'Morales', 'Reyes', 'Cruz',
  'Vargas', 'Mendoza', 'Da Silva', 'Van der Berg',
] as const;

/** Hotel guests who are not registrants (walk-ins, vendors): names used by no registration. */
export const OUTSIDER_NAMES = [
  ['Whitaker', 'Gordon'], ['Lindqvist', 'Astrid'], ['Abernathy', 'Clyde'], ['Fairbanks', 'Helen'],
  ['Quintero', 'Rubén'], ['Hollis', 'Wade'], ['Thorne', 'Marguerite'], ['Vance', 'Dorian'],
  ['Pryor', 'Lettie'], ['Ashby', 'Conrad'], ['Kerrigan', 'Maeve'], ['Delacroix', 'Étienne'],
  ['Esposito', 'Gianna'], ['Galloway', 'Rex'], ['Marchetti', 'Paolo'], ['Szabo', 'Katalin'],
] as const;

export interface HomeTown {
  city: string;
  state: string;
  zip: string; // first three characters of the postal code
  areaCodes: readonly string[];
  country: string;
  /** drives to the event rather than flying (a share of 0–1) */
  drives: number;
  /** airlines people fly from here, weighted */
  airlines: readonly (readonly [string, number])[];
  weight: number;
}

const US_DOMESTIC = [
  ['United Airlines', 30], ['Southwest Airlines', 24], ['American Airlines', 16], ['Delta Air Lines', 12],
  ['Spirit Airlines', 5], ['Frontier Airlines', 4], ['Alaska Airlines', 3], ['JetBlue Airways', 3],
  ['Allegiant Air', 2], ['Sun Country Airlines', 1],
] as const;

const us = (city: string, state: string, zip: string, areaCodes: string[], weight: number, drives = 0.05): HomeTown => ({
  city, state, zip, areaCodes, country: 'USA', drives, airlines: US_DOMESTIC, weight,
});

export const HOME_TOWNS: readonly HomeTown[] = [
  us('Houston', 'TX', '770', ['713', '281', '832'], 10, 1),
  us('Conroe', 'TX', '773', ['936'], 3, 1),
  us('The Woodlands', 'TX', '773', ['281', '832'], 2, 1),
  us('Dallas', 'TX', '752', ['214', '469', '972'], 8, 0.5),
  us('Austin', 'TX', '787', ['512', '737'], 6, 0.6),
  us('San Antonio', 'TX', '782', ['210'], 5, 0.5),
  us('Atlanta', 'GA', '303', ['404', '470', '678'], 6),
  us('Chicago', 'IL', '606', ['312', '773', '872'], 6),
  us('New York', 'NY', '100', ['212', '646', '917'], 4),
  us('Brooklyn', 'NY', '112', ['718', '347'], 3),
  us('Los Angeles', 'CA', '900', ['213', '323', '310'], 5),
  us('San Diego', 'CA', '921', ['619', '858'], 2),
  us('Oakland', 'CA', '946', ['510'], 2),
  us('Seattle', 'WA', '981', ['206'], 2),
  us('Denver', 'CO', '802', ['303', '720'], 2),
  us('Phoenix', 'AZ', '850', ['602', '480'], 2),
  us('Miami', 'FL', '331', ['305', '786'], 2),
  us('Orlando', 'FL', '328', ['407'], 2),
  us('Charlotte', 'NC', '282', ['704', '980'], 2),
  us('Raleigh', 'NC', '276', ['919'], 1),
  us('Nashville', 'TN', '372', ['615'], 2),
  us('Memphis', 'TN', '381', ['901'], 1),
  us('New Orleans', 'LA', '701', ['504'], 3, 0.3),
  us('Baton Rouge', 'LA', '708', ['225'], 1, 0.4),
  us('Oklahoma City', 'OK', '731', ['405'], 1, 0.3),
  us('Kansas City', 'MO', '641', ['816'], 1),
  us('St. Louis', 'MO', '631', ['314'], 1),
  us('Minneapolis', 'MN', '554', ['612'], 1),
  us('Detroit', 'MI', '482', ['313'], 1),
  us('Columbus', 'OH', '432', ['614'], 1),
  us('Philadelphia', 'PA', '191', ['215', '267'], 2),
  us('Boston', 'MA', '021', ['617', '857'], 2),
  us('Washington', 'DC', '200', ['202'], 2),
  us('Baltimore', 'MD', '212', ['410', '443'], 1),
  us('Las Vegas', 'NV', '891', ['702'], 1),
  us('Salt Lake City', 'UT', '841', ['801'], 1),
  us('Portland', 'OR', '972', ['503', '971'], 1),
  us('Birmingham', 'AL', '352', ['205'], 1),
  us('Jackson', 'MS', '392', ['601'], 1),
  { ...us('Honolulu', 'HI', '968', ['808'], 1), airlines: [['Hawaiian Airlines', 70], ['United Airlines', 30]] },
  { city: 'Toronto', state: 'ON', zip: 'M5V', areaCodes: ['416', '647'], country: 'Canada', drives: 0, airlines: [['Air Canada', 80], ['United Airlines', 20]], weight: 2 },
  { city: 'Vancouver', state: 'BC', zip: 'V6B', areaCodes: ['604'], country: 'Canada', drives: 0, airlines: [['Air Canada', 85], ['Alaska Airlines', 15]], weight: 1 },
  { city: 'London', state: '', zip: 'SW1', areaCodes: ['20'], country: 'United Kingdom', drives: 0, airlines: [['British Airways', 100]], weight: 1 },
  { city: 'Frankfurt', state: '', zip: '603', areaCodes: ['69'], country: 'Germany', drives: 0, airlines: [['Lufthansa', 100]], weight: 0.5 },
  { city: 'Lagos', state: '', zip: '101', areaCodes: ['1'], country: 'Nigeria', drives: 0, airlines: [['Qatar Airways', 60], ['Emirates', 40]], weight: 0.7 },
  { city: 'New Delhi', state: '', zip: '110', areaCodes: ['11'], country: 'India', drives: 0, airlines: [['Air India', 50], ['Qatar Airways', 30], ['Emirates', 20]], weight: 0.7 },
  { city: 'Mexico City', state: '', zip: '060', areaCodes: ['55'], country: 'Mexico', drives: 0, airlines: [['Aeromexico', 85], ['United Airlines', 15]], weight: 1 },
];

/** IATA code and the range of flight numbers each airline uses, for numbers like 'UA1432'. */
export const AIRLINE_CODES: Record<string, { code: string; numbers: readonly [number, number] }> = {
  'American Airlines': { code: 'AA', numbers: [1000, 2999] },
  'Delta Air Lines': { code: 'DL', numbers: [1000, 2999] },
  'United Airlines': { code: 'UA', numbers: [200, 2199] },
  'Southwest Airlines': { code: 'WN', numbers: [1000, 4999] },
  'Alaska Airlines': { code: 'AS', numbers: [500, 1499] },
  'JetBlue Airways': { code: 'B6', numbers: [100, 1999] },
  'Spirit Airlines': { code: 'NK', numbers: [200, 999] },
  'Frontier Airlines': { code: 'F9', numbers: [1000, 2999] },
  'Hawaiian Airlines': { code: 'HA', numbers: [10, 99] },
  'Sun Country Airlines': { code: 'SY', numbers: [100, 499] },
  'Allegiant Air': { code: 'G4', numbers: [100, 999] },
  'Air Canada': { code: 'AC', numbers: [1000, 1999] },
  'British Airways': { code: 'BA', numbers: [194, 197] },
  Lufthansa: { code: 'LH', numbers: [440, 441] },
  Emirates: { code: 'EK', numbers: [211, 212] },
  'Qatar Airways': { code: 'QR', numbers: [713, 714] },
  'Air India': { code: 'AI', numbers: [121, 127] },
  Aeromexico: { code: 'AM', numbers: [480, 499] },
};

export const STREETS = [
  'Maple', 'Oak', 'Cedar', 'Pine', 'Elm', 'Willow', 'Magnolia', 'Pecan', 'Sunset', 'Lakeview', 'Highland',
  'Riverside', 'Park', 'Washington', 'Lincoln', 'Jefferson', 'Martin Luther King Jr', 'Cypress', 'Bluebonnet',
  'Hillcrest', 'Meadow', 'Franklin', 'Church', 'Spring', 'Bayou', 'Prairie', 'Juniper', 'Chestnut',
] as const;
export const STREET_TYPES = ['St', 'Ave', 'Dr', 'Ln', 'Blvd', 'Ct', 'Way', 'Rd', 'Pl'] as const;

export const DIETS = [
  ['Vegetarian', 5], ['Vegan', 2], ['Gluten-free', 3], ['Nut allergy', 2], ['Halal', 2], ['Kosher', 1],
  ['Lactose intolerant', 2], ['Diabetic, low sugar', 1], ['Shellfish allergy', 1], ['No pork', 1],
] as const;

export const CULTURAL_PROGRAMS = ['singing', 'dancing', 'skits'] as const;

export const SPECIAL_REQUESTS = [
  'Ground floor room, please: grandmother uses a walker.',
  'Would love to sit with the Okafor family at the banquet.',
  'Need a high chair for our toddler at meals.',
  'Arriving late on the first night.',
  'Two rooms next to each other if possible.',
  'Wheelchair-accessible seating at events.',
  'Our daughter would like to perform in the talent show.',
  'Celebrating our 25th anniversary during the reunion!',
] as const;

export const FLIGHT_NOTES = [
  'Wheelchair assistance needed at the gate.',
  'Traveling with a stroller and a car seat.',
  'Two large suitcases and a guitar case.',
  'Please call on arrival; international phone.',
  'Elderly parent, needs help with luggage.',
  'Flight often delayed; will text when landed.',
  'Meet at baggage claim carousel area.',
] as const;

export const ADMIN_NOTES = [
  'Called to confirm the party size.',
  'Paying the balance at the welcome desk.',
  'Asked about a payment plan; agreed two installments.',
  'Family of the organizing committee.',
  'Emailed about dietary needs; confirmed.',
] as const;

export const CANCEL_REASONS = [
  'Family emergency',
  'Schedule conflict with work',
  'Health reasons; hopes to attend next year',
  'Duplicate registration',
  'Travel costs too high this year',
] as const;

export const ROOM_TYPES = [
  ['King', 30], ['Two Queens', 30], ['Lake View King', 15], ['Lake View Two Queens', 12],
  ['King Suite', 5], ['Accessible King', 4], ['Two-Bedroom Villa', 4],
] as const;

export const HOTEL_NOTES = [
  'Crib requested.', 'Connecting rooms requested.', 'Late arrival guaranteed.', 'High floor preferred.',
  'Rollaway bed.', 'Celebrating an anniversary.', 'Feather-free bedding.',
] as const;

export const EMERGENCY_RELATIONS = ['sister', 'brother', 'mother', 'father', 'cousin', 'friend', 'neighbor'] as const;
