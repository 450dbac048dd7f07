import { describe, expect, it } from 'vitest';
import { readEInvoiceView } from './EInvoicePreview';

const xml = (buyer: boolean) => `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:ID>240118</cbc:ID>
  <cbc:IssueDate>2026-12-03</cbc:IssueDate>
  <cbc:DueDate>2027-01-31</cbc:DueDate>
  <cac:AccountingSupplierParty><cac:Party>
    <cac:PartyName><cbc:Name>株式会社しずおか茶園</cbc:Name></cac:PartyName>
    <cac:PostalAddress><cbc:StreetName>静岡県静岡市葵区追手町9-6</cbc:StreetName></cac:PostalAddress>
    <cac:PartyTaxScheme><cbc:CompanyID>T8080001011122</cbc:CompanyID></cac:PartyTaxScheme>
  </cac:Party></cac:AccountingSupplierParty>
  ${buyer ? '<cac:AccountingCustomerParty><cac:Party><cac:PartyLegalEntity><cbc:RegistrationName>株式会社サンプル商事</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty>' : ''}
  <cac:TaxTotal>
    <cbc:TaxAmount currencyID="JPY">1320</cbc:TaxAmount>
    <cac:TaxSubtotal><cbc:TaxableAmount currencyID="JPY">13200</cbc:TaxableAmount><cbc:TaxAmount currencyID="JPY">1320</cbc:TaxAmount>
      <cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>10</cbc:Percent></cac:TaxCategory></cac:TaxSubtotal>
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal><cbc:PayableAmount currencyID="JPY">14520</cbc:PayableAmount></cac:LegalMonetaryTotal>
  <cac:InvoiceLine>
    <cbc:ID>1</cbc:ID>
    <cbc:InvoicedQuantity unitCode="H87">60</cbc:InvoicedQuantity>
    <cbc:LineExtensionAmount currencyID="JPY">13200</cbc:LineExtensionAmount>
    <cac:Item><cbc:Name>ギフト箱</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>10</cbc:Percent></cac:ClassifiedTaxCategory></cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="JPY">220</cbc:PriceAmount></cac:Price>
  </cac:InvoiceLine>
</Invoice>`;

describe('readEInvoiceView', () => {
  it('reads what a person reads on the invoice: parties, 登録番号, lines, per-rate totals, the amount due', () => {
    const v = readEInvoiceView(xml(true));
    expect(v).toEqual({
      number: '240118',
      issueDate: '2026-12-03',
      dueDate: '2027-01-31',
      seller: {
        name: '株式会社しずおか茶園',
        registrationNumber: 'T8080001011122',
        address: '静岡県静岡市葵区追手町9-6',
      },
      buyer: { name: '株式会社サンプル商事' },
      lines: [{ name: 'ギフト箱', quantity: '60', unit: 'H87', price: 220, amount: 13200, rate: '10%' }],
      rates: [{ rate: '10%', base: 13200, tax: 1320 }],
      payable: 14520,
    });
  });

  it('says what is missing, and refuses what is not a UBL Invoice', () => {
    expect(readEInvoiceView(xml(false))?.buyer).toBeNull();
    expect(readEInvoiceView('<CreditNote/>')).toBeNull();
    expect(readEInvoiceView('not xml <')).toBeNull();
  });
});
