#pragma once
// Synthetic but realistic memories for the index benchmark and the soak
// tests: traits, concepts and episodes from 20 templates filled with WordNet
// nouns (foods, artifacts, places, animals, topics, acts, roles), names,
// invented companies and cities, times and years, so that texts rarely
// repeat; each comes with the claim a normaliser would produce.

#include <algorithm>
#include <cctype>
#include <random>
#include <string>
#include <vector>

#include "engine/claim.hpp"
#include "engine/model.hpp"
#include "engine/wordnet.hpp"

namespace credence::synthetic {

/// Word lists (built once from WordNet; about 50 ms).
struct Vocab {
  std::vector<std::string> foods, artifacts, places, animals, topics, acts,
      roles;
  std::vector<std::string> meals = {"breakfast", "lunch",   "dinner",
                                    "dessert",   "a snack", "a picnic",
                                    "parties",   "brunch"};
  std::vector<std::string> surnames = {
      "Smith",  "Garcia",  "Nakamura", "Okafor",  "Novak",
      "Rossi",  "Dubois",  "Kowalski", "Silva",   "Larsen",
      "Haddad", "Ivanova", "Murphy",   "Schmidt", "Tanaka"};
  std::vector<std::string> names = {
      "Alex",  "Sam",  "Maria", "Jonas", "Priya", "Chen", "Fatima",
      "Lucas", "Emma", "Noah",  "Aisha", "Kenji", "Olga", "Diego",
      "Sofia", "Liam", "Hana",  "Omar",  "Ines",  "Mateo"};
  std::vector<std::string> relatives = {
      "mom",         "dad",    "sister", "brother", "aunt", "uncle",
      "grandmother", "cousin", "wife",   "husband", "son",  "daughter"};
  std::vector<std::string> companies, cities;
  std::vector<std::string> weekdays = {"Monday",   "Tuesday", "Wednesday",
                                       "Thursday", "Friday",  "Saturday",
                                       "Sunday"};
  std::vector<std::string> envs = {"prod", "staging", "dev", "qa"};
  std::vector<std::string> colours = {"red",    "blue",   "green", "yellow",
                                      "purple", "orange", "black", "white",
                                      "teal",   "grey"};
  std::vector<std::string> languages = {
      "Spanish", "German",     "Japanese", "French", "Italian",
      "Korean",  "Portuguese", "Mandarin", "Dutch",  "Polish"};

  explicit Vocab(const WordNet& wn) {
    // Single-word WordNet nouns by lexicographer file.
    for (WordNet::SynsetId id = 0; id < wn.synset_count(); ++id) {
      const auto& s = wn.synset(id);
      if (s.pos != Pos::noun) continue;
      const std::string lex = WordNet::lexfile_name(s.lexfile);
      auto w = std::string(wn.word(id, 0));
      if (w.find('_') != std::string::npos ||
          w.find('-') != std::string::npos || w.size() < 3)
        continue;
      if (lex == "noun.food")
        foods.push_back(w);
      else if (lex == "noun.artifact")
        artifacts.push_back(w);
      else if (lex == "noun.location")
        places.push_back(w);
      else if (lex == "noun.animal")
        animals.push_back(w);
      else if (lex == "noun.cognition")
        topics.push_back(w);
      else if (lex == "noun.act")
        acts.push_back(w);
      else if (lex == "noun.person")
        roles.push_back(w);
    }
    const char* a[] = {"Ac",    "Glo", "Ini",   "Um",  "Hoo",  "Vand",  "Cyber",
                       "Sto",   "Wey", "Tyr",   "Soy", "Mass", "Oscor", "Pied",
                       "Bluth", "Dun", "Wonka", "Nak", "Ves",  "Kra"};
    const char* b[] = {"me", "bex",  "tech", "brella", "li",  "elay", "dyne",
                       "rk", "land", "ell",  "lent",   "ive", "p",    "piper",
                       "co", "der",  "tomi", "atomi",  "ark", "mer"};
    for (const char* x : a)
      for (const char* y : b) companies.push_back(std::string(x) + y);
    const char* c1[] = {"Ber", "Pa", "Lis", "Ma", "To", "Os",  "Vi",
                        "Pra", "Du", "Cai", "Li", "Ha", "Mon", "Que",
                        "Zu",  "Ka", "Bo",  "Se", "Ri", "Na"};
    const char* c2[] = {"lin",  "ris",  "bon",  "drid", "kyo", "lo",    "enna",
                        "gue",  "blin", "ro",   "ma",   "noi", "treal", "bec",
                        "rich", "bul",  "gota", "oul",  "ga",  "irobi"};
    for (const char* x : c1)
      for (const char* y : c2) cities.push_back(std::string(x) + y);
  }
};

struct Generated {
  std::string text;
  MemoryKind kind;
  Claim claim;
};

inline Claim make_claim(std::string subject, std::string slot,
                        std::vector<std::string> values, int stance = 0) {
  Claim c;
  c.subject = std::move(subject);
  c.subject_kind = SubjectKind::present;
  c.slot = std::move(slot);
  for (auto& v : values) {
    std::transform(v.begin(), v.end(), v.begin(),
                   [](unsigned char ch) { return std::tolower(ch); });
    c.values.push_back(v);
  }
  c.stance = stance;
  return c;
}

/// A deterministic stream of memories for a seed.
class Generator {
 public:
  Generator(const Vocab& v, std::uint64_t seed) : v_(v), rng_(seed) {}

  Generated next() {
    auto pick = [&](const std::vector<std::string>& xs) -> const std::string& {
      return xs[rng_() % xs.size()];
    };
    auto year = [&] { return std::to_string(1990 + rng_() % 36); };
    auto time = [&] {
      const auto m = rng_() % 4 * 15;
      return std::to_string(8 + rng_() % 11) + ":" +
             (m == 0 ? "00" : std::to_string(m));
    };
    switch (rng_() % 20) {
      case 0: {
        auto c = pick(v_.companies), r = pick(v_.roles);
        return {"I work at " + c + " as a " + r, MemoryKind::trait,
                make_claim("user", "employer", {c})};
      }
      case 1: {
        auto c = pick(v_.cities);
        return {"I have lived in " + c + " since " + year(), MemoryKind::trait,
                make_claim("user", "residence", {c})};
      }
      case 2: {
        auto r = pick(v_.relatives), c = pick(v_.cities);
        return {"My " + r + " lives in " + c + " near the " + pick(v_.places),
                MemoryKind::trait, make_claim(r, "residence", {c})};
      }
      case 3: {
        auto f = pick(v_.foods);
        auto cl = make_claim("user", "preference", {f}, +1);
        cl.object = cl.values[0];
        return {"I like " + f + " with " + pick(v_.foods), MemoryKind::trait,
                cl};
      }
      case 4: {
        auto f = pick(v_.foods);
        auto cl = make_claim("user", "preference", {f}, -1);
        cl.object = cl.values[0];
        return {"I don't like " + f + " for " + pick(v_.meals),
                MemoryKind::trait, cl};
      }
      case 5: {
        auto a = pick(v_.artifacts);
        return {"I play the " + a + " every " + pick(v_.weekdays),
                MemoryKind::trait, make_claim("user", "hobby", {a})};
      }
      case 6: {
        auto c = pick(v_.colours);
        return {"My favourite colour for a " + pick(v_.artifacts) + " is " + c,
                MemoryKind::trait, make_claim("user", "favourite_colour", {c})};
      }
      case 7: {
        auto a = pick(v_.animals), n = pick(v_.names);
        return {"I have a " + a + " named " + n, MemoryKind::trait,
                make_claim("user", "pet", {a})};
      }
      case 8: {
        auto r = pick(v_.relatives), d = pick(v_.weekdays);
        return {"My " + r + "'s birthday party is on " + d + " at the " +
                    pick(v_.places),
                MemoryKind::episode, make_claim(r, "birthday", {d})};
      }
      case 9: {
        auto f = pick(v_.foods);
        return {"I have been allergic to " + f + " since " + year(),
                MemoryKind::trait, make_claim("user", "allergy", {f})};
      }
      case 10: {
        auto a = pick(v_.artifacts), p = std::to_string(1000 + rng_() % 9000);
        return {"The " + a + " service runs on port " + p, MemoryKind::concept_,
                make_claim(a + " service", "port", {p})};
      }
      case 11: {
        auto e = pick(v_.envs), n = pick(v_.names);
        return {"Deploys of the " + pick(v_.artifacts) + " to " + e +
                    " need approval from " + n,
                MemoryKind::concept_,
                make_claim("deploys to " + e, "approver", {n})};
      }
      case 12: {
        auto d = pick(v_.weekdays);
        return {"My dentist appointment is on " + d + " at " + time() +
                    " with Dr. " + pick(v_.names),
                MemoryKind::episode,
                make_claim("user", "dentist_appointment", {d})};
      }
      case 13: {
        auto l = pick(v_.languages);
        return {"I am learning " + l + " for my trip to " + pick(v_.cities),
                MemoryKind::trait, make_claim("user", "learning", {l})};
      }
      case 14: {
        auto a = pick(v_.artifacts), t = pick(v_.topics);
        return {"Our team uses the " + a + " for " + t, MemoryKind::concept_,
                make_claim("team", "tool", {a})};
      }
      case 15: {
        auto p = pick(v_.places), r = pick(v_.relatives), a = pick(v_.acts);
        Generated g{
            "Yesterday I went to the " + p + " with my " + r + " for a " + a,
            MemoryKind::episode,
            {}};
        return g;
      }
      case 16: {
        auto n = pick(v_.names), p = pick(v_.places), t = pick(v_.topics);
        Generated g{"On " + pick(v_.weekdays) + " I met " + n + " at the " + p +
                        " to talk about " + t,
                    MemoryKind::episode,
                    {}};
        return g;
      }
      case 17: {
        auto t = pick(v_.topics);
        Generated g{"I read a book about " + t + " by " + pick(v_.names) + " " +
                        pick(v_.surnames),
                    MemoryKind::episode,
                    {}};
        return g;
      }
      case 18: {
        auto f = pick(v_.foods), c = pick(v_.cities);
        return {"The best " + f + " in town is served in " + c,
                MemoryKind::concept_, make_claim(f, "best_place", {c})};
      }
      default: {
        auto a = pick(v_.artifacts);
        return {"I am saving money to buy a " + a + " in " + year(),
                MemoryKind::trait, make_claim("user", "goal", {a})};
      }
    }
  }

 private:
  const Vocab& v_;
  std::mt19937_64 rng_;
};

}  // namespace credence::synthetic
