with k as (select id, system_key from accounts where company_id = $C
        and system_key in ('received_consumption_tax', 'prepaid_consumption_tax', 'consumption_tax_payable')),
      e as materialized (select distinct p.entry_id from journal_lines p
        where p.company_id = $C and p.account_id in (select id from k where system_key = 'consumption_tax_payable')
          and p.date between '2025-04-01' and '2026-03-31')
      select l.entry_id::int as entry_id,
        coalesce(sum(case when k.system_key = 'received_consumption_tax' then l.debit - l.credit end), 0)::text as received,
        coalesce(sum(case when k.system_key = 'prepaid_consumption_tax' then l.credit - l.debit end), 0)::text as prepaid,
        coalesce(sum(case when k.system_key = 'consumption_tax_payable' then l.credit - l.debit end), 0)::text as payable
      from journal_lines l join k on k.id = l.account_id
      where l.company_id = $C and l.entry_id in (select entry_id from e)
        and l.date between '2025-04-01' and '2026-03-31'
      group by l.entry_id
      having bool_or(k.system_key = 'consumption_tax_payable')
        and bool_or(k.system_key in ('received_consumption_tax', 'prepaid_consumption_tax'))
      order by l.entry_id;;
select count(*) from journal_lines l join accounts a on a.id = l.account_id where a.system_key = 'consumption_tax_payable'
