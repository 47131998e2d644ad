import type { Address, AddressFields } from "@storefront/contracts";
import type { Database } from "@storefront/stores";

type Db = Database["db"];

interface AddressRecord extends Omit<AddressFields, "addressId"> {
  _id: string;
  customerId: string;
  createdAt: Date;
  updatedAt: Date;
}

/** The fields given, without the optional ones left empty (so they are absent in the document, not null). */
function presentFields(fields: Omit<AddressFields, "addressId">) {
  const present = Object.entries(fields).filter(([, value]) => value !== undefined);
  const absent = Object.keys(fields).filter((key) => fields[key as keyof typeof fields] === undefined);
  return {
    present: Object.fromEntries(present),
    absent: Object.fromEntries(absent.map((key) => [key, "" as const])) as Record<string, "">,
  };
}

const toAddress = ({ _id, createdAt: _c, updatedAt: _u, ...fields }: AddressRecord): Address => ({
  ...fields,
  addressId: _id,
});

/**
 * The `addresses` collection. Every read and write names the owner, so another customer's id is simply not found
 * (404), never a 403 that would confirm the id exists.
 */
export function addressRepository(db: Db) {
  const addresses = db.collection<AddressRecord>("addresses");
  return {
    ensureIndexes: () => addresses.createIndex({ customerId: 1, createdAt: 1 }),
    async insert(customerId: string, addressId: string, fields: Omit<AddressFields, "addressId">): Promise<Address> {
      const now = new Date();
      const { present } = presentFields(fields);
      const record = { ...present, _id: addressId, customerId, createdAt: now, updatedAt: now } as AddressRecord;
      await addresses.insertOne(record);
      return toAddress(record);
    },
    async update(customerId: string, addressId: string, fields: Omit<AddressFields, "addressId">): Promise<boolean> {
      const { present, absent } = presentFields(fields);
      const result = await addresses.updateOne(
        { _id: addressId, customerId },
        { $set: { ...present, updatedAt: new Date() }, ...(Object.keys(absent).length ? { $unset: absent } : {}) },
      );
      return result.matchedCount === 1;
    },
    async get(customerId: string, addressId: string): Promise<Address | undefined> {
      const record = await addresses.findOne({ _id: addressId, customerId });
      return record ? toAddress(record) : undefined;
    },
    async list(customerId: string): Promise<Address[]> {
      return (await addresses.find({ customerId }).sort({ createdAt: 1 }).limit(100).toArray()).map(toAddress);
    },
    async remove(customerId: string, addressId: string): Promise<boolean> {
      return (await addresses.deleteOne({ _id: addressId, customerId })).deletedCount === 1;
    },
  };
}
export type AddressRepository = ReturnType<typeof addressRepository>;
