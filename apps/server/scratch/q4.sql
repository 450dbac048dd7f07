select s.tax_category, s.account_id, sum(s.amount), sum(s.n)::int, sum(s.tax)
      from journal_tax_daily_sums s
      where s.company_id = $C and s.date between '2025-04-01' and '2026-03-31' and s.n <> 0
      group by 1, 2;;
select 'invoices' as kind, r->>'tax_category' as rate, sum((r->>'base')::bigint)::text as base, count(*)::int as n
    from invoices i, jsonb_array_elements(i.by_rate) r
    where i.company_id = $C and i.status in ('issued', 'sent', 'paid')
      and i.issue_date between '2025-04-01' and '2026-03-31' and r->>'tax_category' in ('10', '8')
    group by 2
