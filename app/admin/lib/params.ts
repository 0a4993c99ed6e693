// The id in a back-office URL (/admin/products/:id): a positive whole number, else 0, which the
// API answers as not found.
export const idParam = (params: { id?: string }): number => {
  const id = Number(params.id);
  return Number.isInteger(id) && id > 0 ? id : 0;
};
