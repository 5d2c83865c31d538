#!/bin/sh
# a payment gateway's batch runner (its C logic in awk). A charge is routed
# to an acquirer through a table route[network][currency] built from the
# acquirer contracts, and the runner calls acq->authorize() without checking
# the lookup: a combination no contract covers is a NULL acquirer (SIGSEGV).
# Contracts: visa, mastercard and maestro through BankA in every currency;
# unionpay through BankU in every currency; amex through AmexDirect, which
# does not settle in the regulated currencies CNY, INR, BRL, KRW; discover,
# diners and jcb through the DGN/JCB alliance acquirer, which settles
# neither CHF nor SEK. Refunds are queued for the back office by network and
# currency (no routing), payouts go by bank transfer in any currency.
exec awk '
BEGIN {
    nc = split("USD EUR GBP JPY CHF CAD AUD CNY INR BRL SEK KRW", C, " ")
    for (i = 1; i <= nc; i++) {
        c = C[i]
        route["visa", c] = route["mastercard", c] = route["maestro", c] = "BankA"
        route["unionpay", c] = "BankU"
        if (c != "CNY" && c != "INR" && c != "BRL" && c != "KRW") route["amex", c] = "AmexDirect"
        if (c != "CHF" && c != "SEK") route["discover", c] = route["diners", c] = route["jcb", c] = "DGN-JCB"
    }
}
$1 == "charge" {
    acq = route[$4, $3]
    if (acq == "") { bad = 1; exit }            # acq->authorize() on NULL
    authorized[acq] += $2; n++
}
$1 == "refund" { queue[$4 "/" $3] += $2 }
$1 == "payout" { payout[$3] += $2 }
END {
    if (bad) { system("kill -SEGV $PPID"); exit 139 }
    printf "%d charges authorized\n", n
    exit 0
}' "$1"
