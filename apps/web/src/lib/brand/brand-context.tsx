import type { Brand } from '@fixpoint/shared';
import { createContext, type ReactNode, useContext } from 'react';
import { brand as runtimeBrand } from '../../config/brand';

const BrandContext = createContext<Brand>(runtimeBrand);

/** The running brand; tests render other brands through it. */
export function BrandProvider({ brand, children }: { brand: Brand; children: ReactNode }) {
  return <BrandContext.Provider value={brand}>{children}</BrandContext.Provider>;
}

export const useBrand = () => useContext(BrandContext);
