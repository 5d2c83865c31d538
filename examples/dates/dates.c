/* dates.c: files a yearly event under its date YYYY-MM-DD (grammars/
 * dates.bnf), a subject for semdbg. Events are stored as a day of the year in
 * a 366-day calendar (so that February 29 is valid in any year, as for
 * birthdays) and printed back from that index. It imitates the common date
 * validation bug of checking the day against 1..31 for every month, which lets
 * 2023-02-30 roll over into March (as mktime() and JavaScript's Date do
 * silently); here the stored event comes back as another date and the
 * program's consistency assertion fires. Failure: day 30 or 31 in February, 31
 * in April, June, September or November.
 * Exit status: 0 event printed; 125 input outside the language; 127 the input
 * cannot be read; SIGABRT (assert) on the bug. */
#undef NDEBUG
#include <assert.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* Days before each month in a leap year. */
static const int days_before[12] = {0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335};

static bool two_digits(const char *s, int *out) {
  if (s[0] < '0' || s[0] > '9' || s[1] < '0' || s[1] > '9') return false;
  *out = (s[0] - '0') * 10 + (s[1] - '0');
  return true;
}

/* The bug: the day is only checked against 31. */
static bool valid_date(int month, int day) { return month >= 1 && month <= 12 && day >= 1 && day <= 31; }

static int day_of_year(int month, int day) { return days_before[month - 1] + day; }

static void date_of(int day_of_year, int *month, int *day) {
  int m = 12;
  while (m > 1 && days_before[m - 1] >= day_of_year) m--;
  *month = m;
  *day = day_of_year - days_before[m - 1];
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: dates DATE-FILE\n");
    return 127;
  }
  FILE *f = fopen(argv[1], "rb");
  if (!f) {
    fprintf(stderr, "dates: %s: %s\n", argv[1], strerror(errno));
    return 127;
  }
  char text[16];
  size_t n = fread(text, 1, sizeof text, f);
  fclose(f);
  int year_hi, year_lo, month, day;
  if (n != 10 || !two_digits(text, &year_hi) || !two_digits(text + 2, &year_lo) ||
      text[4] != '-' || !two_digits(text + 5, &month) || text[7] != '-' ||
      !two_digits(text + 8, &day) || !valid_date(month, day)) {
    fprintf(stderr, "dates: not a date YYYY-MM-DD with month 01-12 and day 01-31\n");
    return 125;
  }
  int index = day_of_year(month, day);
  int stored_month, stored_day;
  date_of(index, &stored_month, &stored_day);
  assert(stored_month == month && stored_day == day);
  printf("%02d%02d-%02d-%02d: day %d of the calendar\n", year_hi, year_lo, stored_month, stored_day,
         index);
  return 0;
}
