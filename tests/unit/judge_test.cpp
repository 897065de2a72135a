// judge_test: the structural judge follows docs/labels.md, rule by rule,
// over several phrasings each; the write-path views, severity and tiers; the
// stage hook; and the dev set as a regression gate.
#include <gtest/gtest.h>

#include <fstream>
#include <tuple>
#include <utility>
#include <vector>

#include "cli/judge_io.hpp"
#include "common/time.hpp"
#include "tests/support/lexicon.hpp"

using namespace credence;
using test::classify;
using test::verdict;
using C = Classification;

namespace {

struct Pair {
  const char* a;
  const char* b;
};

void expect_all(std::initializer_list<Pair> pairs, C expected) {
  for (const auto& p : pairs) {
    const Verdict v = verdict(p.a, p.b);
    EXPECT_EQ(v.classification, expected)
        << "\"" << p.a << "\" / \"" << p.b << "\" -> " << to_string(v.classification) << ": " << v.reasoning;
  }
}

/// The structural stage alone (no learned fallback) on every pair.
void expect_all_structural(std::initializer_list<Pair> pairs, C expected) {
  for (const auto& p : pairs) {
    const Verdict v = test::verdict_with(test::structural_lexicon(), p.a, p.b);
    EXPECT_EQ(v.classification, expected)
        << "\"" << p.a << "\" / \"" << p.b << "\" -> " << to_string(v.classification) << ": " << v.reasoning;
  }
}

}  // namespace

// Rule 1: two values of a single-valued slot without a cue contradict, even
// when B is newer.
TEST(JudgeRules, NoCueNoChangeDifferentValuesOfASingleValuedSlotContradict) {
  expect_all({{"Mom lives in Canada", "Mom lives in China"},
              {"I work at Google", "I work at Apple"},
              {"The API listens on port 8080", "The API listens on port 9090"},
              {"The request timeout is 30 seconds", "The request timeout is 60 seconds"},
              {"My favourite colour is green", "My favorite color is blue"},
              {"I am 34 years old", "I'm 29"}},
             C::true_contradiction);
  JudgeInput a, b;
  a.text = "Mom lives in Canada";
  a.created_at = 1000;
  b.text = "Mom lives in China";
  b.created_at = 1000 + 400 * kDay;  // much newer, still no cue
  EXPECT_EQ(judge(test::lexicon(), a, b).classification, C::true_contradiction);
}

TEST(JudgeRules, AStateSinceBeforeTheMemoryWasRecordedIsNoChange) {
  // "since 2019" against a memory recorded in 2023: the state already held
  // when the memory was said, so "since" names no change after it.
  const char* a = "I have never paid for Spotify.";
  const char* b = "I've been paying for Spotify Premium every month since 2019.";
  EXPECT_EQ(test::structural_verdict_at(a, "2023-03-01T00:00:00Z", b, "2023-06-01T00:00:00Z").classification,
            C::true_contradiction);
  // Recorded in 2018, the same words are a change.
  EXPECT_EQ(test::structural_verdict_at(a, "2018-03-01T00:00:00Z", b, "2023-06-01T00:00:00Z").classification,
            C::temporal_change);
}

TEST(JudgeRules, APastEventAgainstNeverIsAContradiction) {
  // What "never" denies, told as past: no change after the memory explains it.
  EXPECT_EQ(test::structural_verdict("I've never owned a motorbike.",
                                     "Sold my first motorcycle, a Honda CB500, back in 2015.").classification,
            C::true_contradiction);
  EXPECT_EQ(test::structural_verdict("Never went to university.",
                                     "I graduated from the University of Leeds with a BSc in 2009.").classification,
            C::true_contradiction);
  // A change from now on is still a change.
  EXPECT_NE(test::structural_verdict("I've never owned a motorbike.", "I sold my car and bought a motorbike")
                .classification,
            C::true_contradiction);
}

TEST(JudgeRules, ADateTheStatementHoldsFromIsAChange) {
  // "From 1 June, ...", "effective 1 September": the new value holds from a
  // date. "From" as a source and "effective" as a quality are no cue.
  EXPECT_EQ(test::structural_verdict("Standup is at 9:30", "From next Monday standup is at 10:00").classification,
            C::temporal_change);
  EXPECT_EQ(test::structural_verdict("The rent is 900 a month", "Effective 1 September the rent is 950 a month")
                .classification,
            C::temporal_change);
  EXPECT_EQ(test::structural_verdict("Audit logs are retained for one year.",
                                     "Compliance extended audit log retention to 7 years.")
                .classification,
            C::temporal_change);
  EXPECT_EQ(test::structural_verdict("PRs require one approval before merging.",
                                     "From 1 Feb every PR needs two approvals - new rule from the security team.")
                .classification,
            C::temporal_change)
      << "a month's abbreviation";
  EXPECT_EQ(test::claim("From 1 Feb every PR needs two approvals").subject, "pull request");
  EXPECT_TRUE(test::claim("I'm from Leeds").change_cues.empty());
  EXPECT_TRUE(test::claim("Ibuprofen is an effective painkiller").change_cues.empty());
}

TEST(JudgeRules, ATeamOwningASystemIsItsOwner) {
  // "Team Vega owns search" says who the owner of search is, as "search is
  // owned by Team Vega" does; "search service" and "search" are one system.
  EXPECT_EQ(test::structural_verdict("The search service is owned by Team Orion.", "Team Vega owns search.")
                .classification,
            C::true_contradiction);
  EXPECT_EQ(test::claim("Team Vega owns search.").slot, "owner");
  EXPECT_EQ(test::claim("Team Vega owns search.").subject, "search");
  // A person's things stay possessions.
  EXPECT_NE(test::claim("My brother owns a boat").slot, "owner");
}

TEST(JudgeRules, CustomerTiersRegionsAndStaffGroupsAreScopes) {
  EXPECT_EQ(test::structural_verdict("Contractors get read-only access to the repos.",
                                     "Full-time engineers have write access to the repos.")
                .classification,
            C::context_dependent);
  EXPECT_EQ(test::structural_verdict("In APAC the CDN cache TTL is 1 hour.",
                                     "In North America the CDN cache TTL is 5 minutes.")
                .classification,
            C::context_dependent);
  EXPECT_EQ(test::structural_verdict("Paid accounts can upload files up to 2 GB.",
                                     "Trial accounts can upload files up to 10 MB.")
                .classification,
            C::context_dependent);
  EXPECT_EQ(test::structural_verdict("Internal staff must use SSO to reach the admin console.",
                                     "External customers reach the admin console with a password, no SSO.")
                .classification,
            C::context_dependent);
  // "a junior accountant" is a role, not a group of members.
  EXPECT_TRUE(test::claim("I'm a junior accountant").scope.empty());
}

TEST(JudgeRules, ABirthdayExplainsOneYearNotMore) {
  // "turn" is a change cue, but an age can only grow with the time between
  // the two statements (the record times; a year when there are none).
  const char* a = "My mother is 68.";
  const char* b = "Mum turns 75 next month and we want to throw her a party.";
  const Verdict v = test::structural_verdict_at(a, "2024-03-10T00:00:00Z", b, "2024-06-20T00:00:00Z");
  EXPECT_EQ(v.classification, C::true_contradiction) << v.reasoning;
  // Seven years later the same words are a change.
  EXPECT_EQ(test::structural_verdict_at(a, "2024-03-10T00:00:00Z", b, "2031-02-20T00:00:00Z").classification,
            C::temporal_change);
  EXPECT_EQ(test::structural_verdict("I'm 34", "I turned 33 last week").classification, C::true_contradiction)
      << "an age going down";
  EXPECT_EQ(test::structural_verdict("I'm 29", "I just turned 30").classification, C::temporal_change);
}

TEST(JudgeRules, AChangeCueMakesItATemporalChange) {
  expect_all({{"I work at Acme", "I left Acme and joined Globex"},
              {"I drink coffee every morning", "I quit coffee last month"},
              {"I live in Paris", "I moved to Berlin"},
              {"I use Vim", "I switched from Vim to VS Code"},
              {"I'm married to Tom", "I got divorced last year"},
              {"I play tennis", "I don't play tennis anymore"},
              {"I eat meat", "I no longer eat meat"},
              {"I'm a teacher", "I retired last year"},
              {"The service runs on Node 16", "We upgraded the service to Node 20"},
              {"Deploys need one approval", "Deploys now need two approvals"},
              {"I'm a vegetarian", "I started eating meat again"}},
             C::temporal_change);
}

TEST(JudgeRules, AFurtherChangeInAnotherPhrasingOfTheMemorysCueIsAChange) {
  // (Review: "move from" in the memory must not silence a move to another value.)
  EXPECT_EQ(classify("The API moved from port 8080 to 9090", "The API moved to port 7070"), C::temporal_change);
  EXPECT_EQ(classify("I live in Leeds", "we moved to osaka in may"), C::temporal_change);
  // The memory's own cue told again of a further change.
  EXPECT_EQ(classify("Max pool size is 50, increased from 20", "Max pool size is 80 after we increased it again"),
            C::temporal_change);
}

TEST(JudgeRules, AnAmountInsideTheOtherSidesRangeIsTheSame) {
  EXPECT_EQ(classify("User knits for 2-3 hours each evening.",
                     "most nights I get a couple of hours of knitting in after dinner"),
            C::duplicate);
  EXPECT_EQ(classify("User knits for 2-3 hours each evening.", "most nights I get five hours of knitting in"),
            C::true_contradiction);
  // (Review: a value inside a range on the single-valued path; a change from
  // one amount to another is no range; "a six footer" is no exact height.)
  EXPECT_NE(classify("Response time is 200-300 ms", "Response time is 250 ms"), C::true_contradiction);
  EXPECT_NE(classify("My dog weighs 20-25 kg", "My dog weighs 22 kg"), C::true_contradiction);
  EXPECT_NE(classify("The session timeout was raised from 15 to 30 minutes", "The session timeout is 15 minutes"),
            C::duplicate);
  EXPECT_NE(verdict("I'm a six footer", "I'm 6 foot 2").write_tier, WriteTier::block);
  EXPECT_NE(verdict("Grandma drives", "Since the fall Grandma can't drive").write_tier, WriteTier::block);
}

TEST(JudgeRules, AMilestonePassedChangesAnAmount) {
  // "hit", "reached", "crossed", "topped" before an amount, in the past tense.
  EXPECT_EQ(classify("Duolingo streak: 140 days.", "streak hit 270 days today"), C::temporal_change);
  EXPECT_EQ(classify("Emergency fund balance: £2k.", "emergency fund finally hit £9k this week"),
            C::temporal_change);
  // Not a threshold in the present, a plan, or a milestone against no amount.
  EXPECT_TRUE(test::claim("disk alert fires once usage hits 85 percent").change_cues.empty());
  EXPECT_TRUE(test::claim("I'm trying to hit 10,000 steps a day").change_cues.empty());
  EXPECT_NE(classify("Harbour View gets great reviews on TripAdvisor.", "we hit 500 reviews on tripadvisor"),
            C::temporal_change);
}

TEST(JudgeRules, ValidTimesThatStartLaterMakeItATemporalChange) {
  JudgeInput a, b;
  a.text = "I live in Oslo";
  a.valid_from = *parse_rfc3339("2020-01-01");
  b.text = "I live in Bergen";
  b.valid_from = *parse_rfc3339("2024-05-01");
  EXPECT_EQ(judge(test::lexicon(), a, b).classification, C::temporal_change);
  b.valid_from = a.valid_from;  // same start: no evidence of change
  EXPECT_EQ(judge(test::lexicon(), a, b).classification, C::true_contradiction);
}

TEST(JudgeRules, APastTenseEarlierStatementAndAPresentOneIsATemporalChange) {
  EXPECT_EQ(classify("I worked at Google", "I work at Apple"), C::temporal_change);
  EXPECT_EQ(classify("I lived in Boston for 15 years", "I live in London now"), C::temporal_change);
}

TEST(JudgeRules, ACorrectionIsAContradictionNotAChange) {
  EXPECT_EQ(classify("My favorite sport is cricket", "Actually my favourite sport is rugby"),
            C::true_contradiction);
}

// Rule 2: negation flips the stance, not the topic.
TEST(JudgeRules, NegationFlipsStance) {
  expect_all({{"I like Honda", "I hate Honda"},
              {"I don't have any pets", "I walk my dog every evening"},
              {"I eat meat", "I don't eat meat"},
              {"I can swim", "I can't swim"},
              {"I'm allergic to peanuts", "I am not allergic to peanuts"},
              {"I have no siblings", "I have two brothers"},
              {"The public API is rate limited", "The public API is not rate limited"},
              {"I've never smoked", "I smoke a pack a day"}},
             C::true_contradiction);
}

TEST(JudgeRules, WorldKnowledgeContradictionsCarryLowerConfidenceAndNeverBlock) {
  const Verdict v = verdict("I'm a vegetarian", "I eat steak every weekend");
  EXPECT_EQ(v.classification, C::true_contradiction);
  EXPECT_NE(v.tier, ConfidenceTier::high);
  EXPECT_NE(v.write_tier, WriteTier::block);
  const Verdict direct = verdict("I like Honda", "I hate Honda");
  EXPECT_GT(direct.confidence, v.confidence);
}

TEST(JudgeRules, DietaryRulesExcludeWhatTheyForbid) {
  // exclusions.txt: kosher, halal, gluten free and dairy free, as vegetarian.
  for (const auto& [a, b] : std::vector<std::pair<const char*, const char*>>{
           {"I keep kosher", "I had a bacon sandwich for breakfast"},
           {"I eat halal only", "Had a bacon sandwich for breakfast"},
           {"I'm gluten free", "I had a bagel this morning"},
           {"I'm dairy-free", "I had a milkshake at lunch"}})
    EXPECT_EQ(test::structural_verdict(a, b).classification, C::true_contradiction) << a << " / " << b;
  // What is made to fit the rule is no exception.
  EXPECT_NE(test::structural_verdict("I'm gluten-free", "I had gluten-free pasta").classification,
            C::true_contradiction);
}

// Rule 3: scope beats polarity.
TEST(JudgeRules, DisjointScopesAreContextDependentNeverAContradiction) {
  expect_all({{"I prefer tea in the morning", "I prefer coffee after lunch"},
              {"The log level is debug in staging", "The log level is warn in production"},
              {"Deploys to staging don't need approval", "Deploys to production need two approvals"},
              {"On weekdays I wake up at 6am", "On weekends I wake up at 10am"},
              {"The cache is enabled in production", "The cache is disabled in development"},
              {"I love the beach in summer", "I can't stand the beach in winter"},
              {"With my friends I'm talkative", "At work I'm quiet"}},
             C::context_dependent);
}

TEST(JudgeScopes, ScopePhrasesTakeAnyDeterminerAndCoverCommonContexts) {
  expect_all_structural({{"I always speak French with my grandparents", "I never speak French at work"},
                         {"I'm very outgoing with close friends", "At work events I'm quiet and shy"},
                         {"At home we only cook vegetarian", "when I'm travelling for work I'll eat pretty much any meat"},
                         {"Day to day I'm very much an introvert", "at conferences I turn into the most outgoing person in the room"},
                         {"Our uptime SLA is 99.9% for the free tier.", "Enterprise customers get a 99.99% uptime SLA."},
                         {"dark_mode_v2 is enabled for internal staff accounts.", "the flag dark_mode_v2 is off for all external tenants"}},
                        C::context_dependent);
  // "with Team Falcon" names an owner, not a context.
  EXPECT_TRUE(test::claim("Ownership sits with Team Falcon").scope.empty());
  EXPECT_EQ(test::claim("I speak French with all our cousins").scope.get(ScopeDim::audience), "family");
}

TEST(JudgeRules, AStartOnAMultiValuedSlotAddsAValueButReplacesOnASingleOne) {
  expect_all_structural({{"I play tennis", "I took up golf last year"},
                         {"I speak French", "I started learning Spanish"},
                         {"I play guitar", "I started learning the piano"},
                         {"I have a cat called Miso", "we adopted a rescue greyhound called Bolt yesterday"}},
                        C::compatible);
  expect_all_structural({{"I work at Acme", "I started at Globex last month"},
                         {"I work part-time", "I started working full-time"},
                         {"I don't have any pets", "We adopted a rescue cat last weekend"},
                         {"I play tennis", "I quit tennis and took up golf"}},
                        C::temporal_change);
}

TEST(JudgeRules, EndingsAndCutoversOfEverydayAndOperationsSpeechAreChangeCues) {
  const Lexicon& lex = test::structural_lexicon();
  for (Pair p : {Pair{"I use Spotify for all my music.", "Cancelled Spotify and moved everything over to Apple Music."},
                 Pair{"Payments alerts are routed through PagerDuty",
                      "We got rid of PagerDuty; payments alerts go through Opsgenie these days"},
                 Pair{"Reporting replica lives in us-west-2", "Reporting replica cut over to us-east-2 two weeks ago"},
                 Pair{"I have a Netflix subscription", "cancelled netflix, wasn't watching enough"}}) {
    const Verdict v = test::verdict_with(lex, p.a, p.b);
    EXPECT_EQ(v.classification, C::temporal_change) << p.a << " / " << p.b << ": " << v.reasoning;
  }
  // A denial that it goes on "anymore" ends what the memory names; "used to
  // be obsessed with arctic monkeys" puts the favourite band in the past.
  expect_all_structural({{"Takes 20 mg citalopram every morning.",
                      "My GP tapered me off the citalopram over the summer, so I'm not on any medication anymore."},
                         {"User's favourite band is Arctic Monkeys.",
                      "used to be obsessed with arctic monkeys but this year it's been fontaines dc on repeat"}},
                        C::temporal_change);
  // "rewrite it" and "turned on" are no cues of their own.
  EXPECT_TRUE(test::claim("rewrite the query without MERGE").change_cues.empty());
  // Transfers, notices, last days and "no more" end or move what the memory names.
  expect_all_structural({{"I'm on the payments team.", "I transferred to the infrastructure team this month."},
                         {"I work at Deloitte as an auditor.",
                          "Handed in my notice at Deloitte; I start at a fintech startup on Monday."},
                         {"Currently working at Corvid Analytics.",
                          "Last Friday was my final day at Corvid; I start at Pellucid Health on Monday."}},
                        C::temporal_change);
  // A state word is no cue: "stays disabled for US tenants" changes nothing.
  EXPECT_TRUE(test::claim("new_checkout stays disabled for US tenants").change_cues.empty());
  // Nor are these, though their words can be: a state ("switched off"), a
  // side ("my left eye", "left-handed"), time off ("parental leave"), a
  // noun ("a change in DNS", "change freeze", "full stop"), a trigger ("the
  // job fires at 4").
  for (const char* text : {"new-checkout is switched off for US tenants", "Always switch on subtitles",
                           "a slight astigmatism in my left eye", "Writes with the left hand",
                           "The team's manager goes on parental leave in May",
                           "Root cause was a change in DNS", "During the change freeze the cache holds entries",
                           "No screens on school nights, full stop", "nightly billing job fires at 04:00 UTC",
                           // a schedule, an upbringing, a retry limit, second helpings,
                           // a state older than any memory
                           "Our daily standup starts at 10 o'clock", "Every day starts with ten minutes of meditation",
                           "Grandma was born and raised in Palermo", "The dispatcher gives up after 3 attempts",
                           "Went back for a second steak", "My only car is a red Mazda, had it since college",
                           "I've been vegetarian since I was a kid", "Just finished a biography of Ada Lovelace",
                           "The build takes about an hour to finish", "We go down to see her twice a year",
                           "Prod firewall rule changes are restricted to SRE",
                           "Since our analytics pipeline is pinned to Python 3.9, I remind people",
                           "Webhook retries use exponential backoff starting at 10 seconds"})
    EXPECT_TRUE(test::claim(text).change_cues.empty()) << text;
  // The events still are.
  for (const char* text : {"new_checkout was switched on in prod on Tuesday", "I left Acme in June",
                           "I got fired in May", "We changed the timeout to 30s", "I start at Stripe on Monday",
                           "Since March the standup starts at 10", "The minimum is iOS 16 starting with app 5.0",
                           "We raised the limit to 500", "I gave up coffee", "I finished my PhD in May",
                           "Min replicas went down to 2", "He changes jobs every year",
                           "I've been seeing someone since February and it's going well",
                           "since the return-to-office mandate I'm in three days a week"})
    EXPECT_FALSE(test::claim(text).change_cues.empty()) << text;
}

TEST(JudgeSameTopic, CountsOfOneThingAndWhereAThingLivesAreCompared) {
  const Lexicon& lex = test::structural_lexicon();
  const auto concept_ = MemoryKind::concept_;
  Verdict v = test::verdict_with(lex, "Prod Kafka has 3 brokers.", "production kafka cluster = 5 brokers", concept_,
                                 concept_);
  EXPECT_EQ(v.classification, C::true_contradiction) << v.reasoning;
  EXPECT_NE(v.write_tier, WriteTier::block);
  EXPECT_NE(test::verdict_with(lex, "Prod Kafka has 3 brokers.", "production kafka cluster = 3 brokers", concept_,
                               concept_).classification,
            C::true_contradiction);
  // A thing "lives" where it runs: a location, not a home.
  NormalizeContext project;
  project.kind = concept_;
  EXPECT_EQ(normalize(test::lexicon(), "staging lives in ap-southeast-2", project).slot, "location");
  EXPECT_EQ(test::claim("The build cache lives in S3").slot, "location");
  EXPECT_EQ(test::claim("My mum lives in Leeds").slot, "residence");
  EXPECT_EQ(test::verdict_with(lex, "Staging is deployed to eu-central-1.", "staging lives in ap-southeast-2",
                               concept_, concept_).classification,
            C::true_contradiction);
}

TEST(JudgeSameTopic, OwnersNamedActivelyShortenedOrWithAGroupWordAreOneOwner) {
  const Lexicon& lex = test::structural_lexicon();
  const auto concept_ = MemoryKind::concept_;
  NormalizeContext project;
  project.kind = concept_;
  Claim c = normalize(test::lexicon(), "Team Vega owns search.", project);
  EXPECT_EQ(c.subject, "search");
  EXPECT_EQ(c.slot, "owner");
  EXPECT_EQ(c.values, std::vector<std::string>{"team vega"});
  EXPECT_EQ(test::verdict_with(lex, "billing-svc is maintained by FinEng.",
                               "The Finance Engineering team owns the billing service.", concept_, concept_)
                .classification,
            C::duplicate);
  EXPECT_EQ(test::verdict_with(lex, "The auth service is owned by the Identity team", "Identity owns auth", concept_,
                               concept_)
                .classification,
            C::duplicate);
  // Two different owners are no paraphrase of each other.
  EXPECT_NE(test::verdict_with(lex, "The search service is owned by team Orion.", "Team Vega owns search.", concept_,
                               concept_)
                .classification,
            C::duplicate);
  // "My older brother Tomás and I": the user, with their brother.
  Claim b = test::claim("My older brother Tomás and I share a flat in Valencia.");
  EXPECT_EQ(b.subject, "user");
  EXPECT_EQ(b.possessions, std::vector<std::string>{"brother"});
}

TEST(JudgeSameTopic, AnAgeSaidAsADecadeIsARange) {
  const Lexicon& lex = test::structural_lexicon();
  EXPECT_EQ(test::claim("being in my forties has been great so far").values, std::vector<std::string>{"40-49"});
  EXPECT_EQ(test::claim("My mum is in her early seventies").values, std::vector<std::string>{"70-73"});
  EXPECT_EQ(test::claim("My mum is in her early seventies").slot, "age");
  EXPECT_EQ(test::verdict_with(lex, "I'm 29.", "being in my forties has been great so far").classification,
            C::true_contradiction);
  EXPECT_EQ(test::verdict_with(lex, "I'm 45", "I'm in my forties").classification, C::compatible);
  EXPECT_EQ(test::verdict_with(lex, "My mum is 72", "My mum is in her early sixties").classification,
            C::true_contradiction);
  // A decade as a time is history, not an age.
  EXPECT_NE(test::claim("I was a waitress in my twenties").slot, "age");
}

TEST(JudgeRules, AnUnscopedStatementOverlapsEveryScope) {
  EXPECT_EQ(classify("I drink coffee every morning", "I never drink coffee"), C::true_contradiction);
  EXPECT_EQ(classify("Deploys to production require approval", "Deploys to production don't require approval"),
            C::true_contradiction);
}

// Rule 4: precision first.
TEST(JudgeRules, PrecisionFirstUnknownVerbsWithDifferentObjectsNeverContradict) {
  expect_all({{"I collect stamps", "I collect coins"},
              {"I watch football", "I watch basketball"},
              {"I listen to podcasts", "I listen to audiobooks"}},
             C::compatible);
}

TEST(JudgeRules, OnlyAHighConfidenceTrueContradictionBlocks) {
  for (const auto& [a, b] : std::initializer_list<std::pair<const char*, const char*>>{
           {"I work at Acme", "I left Acme and joined Globex"},
           {"I prefer tea in the morning", "I prefer coffee after lunch"},
           {"I hate mornings", "I woke up at 5am to watch the sunrise and loved it"},
           {"I speak French", "I speak Spanish"},
           {"I'm a vegetarian", "I eat steak"},
           {"My dad is a doctor", "My dad is a teacher"}}) {
    const Verdict v = verdict(a, b);
    EXPECT_NE(v.write_tier, WriteTier::block) << a << " / " << b;
  }
  const Verdict v = verdict("The API listens on port 8080", "The API listens on port 9090");
  EXPECT_EQ(v.tier, ConfidenceTier::high);
  EXPECT_EQ(v.write_tier, WriteTier::block);
}

TEST(JudgeRules, MultiValuedSlotsHoldSeveralValuesSingleValuedOnesDoNot) {
  expect_all({{"I like Honda", "I like Toyota"},
              {"I speak French", "I speak Spanish"},
              {"I have a dog", "I have a cat"},
              {"I play guitar", "I play the piano"}},
             C::compatible);
  expect_all({{"I live in London", "I live in Sydney"}, {"I work for Microsoft", "I work for Amazon"}},
             C::true_contradiction);
}

TEST(JudgeRules, OppositeStancesOnTwoNamesBothHold) {
  // The whole judge, learned fallback included: it read "hate" and "like"
  // as a figure of speech before the structure settled this (the sidecar's
  // first journey, issue 6).
  for (const auto& [a, b] : std::vector<std::pair<const char*, const char*>>{
           {"I hate Honda", "I like Toyota"}, {"I can't stand Coldplay", "I love Radiohead"},
           {"Loves Nike", "I really dislike Adidas"}}) {
    const Verdict v = verdict(a, b);
    EXPECT_EQ(v.classification, C::compatible) << a << " / " << b << ": " << v.reasoning;
  }
  // The same name, or common nouns, are not so settled.
  EXPECT_EQ(verdict("I hate Honda", "I like Honda").classification, C::true_contradiction);
}

TEST(JudgeRules, AMoreSpecificValueIsCompatible) {
  expect_all({{"I live in Austin", "I live in Texas"},
              {"I live in Brooklyn", "I live in New York"},
              {"My mom lives in Toronto", "My mom lives in Canada"}},
             C::compatible);
}

TEST(JudgeRules, RestatementsWithUnitsSynonymsAndContractionsAreDuplicates) {
  expect_all({{"The timeout is 30 seconds", "The timeout is 30s"},
              {"The request timeout is thirty seconds", "The request timeout is 30 seconds"},
              {"The cache TTL is 5 minutes", "The cache TTL is 300 seconds"},
              {"The max upload size is 10 MB", "The max upload size is 10 megabytes"},
              {"My mom lives in Canada", "My mother lives in Canada"},
              {"I don't eat pork", "I do not eat pork"},
              {"I can't stand cilantro", "I hate cilantro"},
              {"I have two children", "I have 2 kids"},
              {"Force pushes to main are not allowed", "Force pushes to main are forbidden"}},
             C::duplicate);
}

// Different times or amounts of one kind are no restatement; an amount of
// another kind on one side only is more detail.
TEST(JudgeRules, DifferingAmountsOfOneKindAreNoRestatement) {
  EXPECT_NE(verdict("I go to the gym at 5am.", "I go to the gym at 5pm.").classification, C::duplicate);
  EXPECT_NE(verdict("I go to the gym at 6:30.", "I go to the gym at 7:30.").classification, C::duplicate);
  EXPECT_EQ(verdict("I go to the gym at 6:30.", "I go to the gym at 6:30am.").classification, C::duplicate);
  EXPECT_EQ(verdict("Daughter Isla was born on 4 July 2018.",
                    "isla's birthday is the fourth of july, she was born in '18").classification,
            C::duplicate);
}

// A range of times read with its start on one side and its end on the
// other is one range (the review's false blocks).
TEST(JudgeRules, ARangeOfTimesSaidTwoWaysIsOneRange) {
  EXPECT_EQ(verdict("Choir practice is Wednesdays 7-9pm", "Choir practice is Wednesdays 19:00 to 21:00").classification,
            C::duplicate);
  EXPECT_EQ(verdict("Yoga is 6:30-7:30", "Yoga is 6:30pm to 7:30pm").classification, C::duplicate);
  EXPECT_EQ(verdict("Choir practice is Wednesdays 7-9pm", "Choir practice is Wednesdays 18:00 to 21:00").classification,
            C::true_contradiction);
}

TEST(JudgeRules, FigurativeStatementsAreNotLiteralClaims) {
  expect_all({{"I hate mornings", "I woke up at 5am to watch the sunrise and loved it"},
              {"I'm dead inside", "I have strong emotions"},
              {"I could eat a horse", "I'm not hungry"},
              {"My boss is a dinosaur", "My boss is 35 years old"},
              {"I basically live at the gym", "I live in Denver"}},
             C::figurative);
  EXPECT_NE(verdict("I'm dead inside", "I have strong emotions").write_tier, WriteTier::block);
}

// A figure of speech about something the other statement names in words of
// one topic (WordNet), though neither subjects nor words are shared.
TEST(JudgeRules, AFigureOfSpeechOnTheOtherStatementsTopicIsFigurative) {
  expect_all_structural({{"I've got the memory of a goldfish when it comes to my pills.",
                          "My pharmacy app says I haven't missed a dose all year."}},
                        C::figurative);
  // No shared topic: still unrelated.
  expect_all_structural({{"Work is killing me this month.", "My doctor says my health is excellent."}},
                        C::unrelated);
}

// "Staging runs Node 18": the parse takes the context for the subject
// ("environment"). It is about what the other statement says of the same
// context (one scope dimension, or a shared word), not unrelated to it.
TEST(JudgeRules, AStatementAboutAContextSpeaksOfWhatTheOtherSaysThere) {
  for (const Pair& p : {Pair{"Staging runs Node 18.", "The staging API server is on Node 20."},
                        Pair{"On weekdays I get up at six.", "Weekends mean a lie-in until ten."},
                        Pair{"Production runs on Kubernetes.", "The prod database is a managed Postgres."}}) {
    const Verdict v = test::verdict_with(test::structural_lexicon(), p.a, p.b);
    EXPECT_NE(v.classification, C::unrelated) << p.a << " / " << p.b << ": " << v.reasoning;
    EXPECT_NE(v.write_tier, WriteTier::block) << p.a << " / " << p.b;
  }
  // Nothing in common: still unrelated.
  expect_all_structural({{"Staging runs Node 18.", "My sister lives in Leeds."}}, C::unrelated);
}

TEST(JudgeRules, DifferentSubjectsAreUnrelated) {
  expect_all({{"My mom lives in Canada", "I live in China"},
              {"I play the violin", "My dentist appointment is on Friday"},
              {"I work at Apple", "My friend works at Google"}},
             C::unrelated);
}

// "He" or "she" on one side names the person the other side is about, when
// the pronoun fits; never at HIGH (the referent is a guess), so never a block.
TEST(JudgeRules, AValueNamedWithWhereItLiesIsTheSameValue) {
  // The extra words say where the place is ("Valencia, Spain"): a
  // restatement, unlike a place inside the other ("Austin, Texas" / "Texas"
  // above is more specific).
  expect_all_structural({{"My girlfriend Chloe is from Valencia.", "Chloe is from Valencia, Spain."},
                         {"I grew up in Cork, Ireland.", "I grew up in Cork."}},
                        C::duplicate);
  expect_all_structural({{"I live in Texas", "I live in Austin, Texas"}}, C::compatible);
}

// A value that starts with the other's value names the same thing with more
// words (a surname, a club's suffix, a comment): a restatement. A value that
// ends with it names a place inside the other: more specific, compatible.
TEST(JudgeRules, AValueWithMoreWordsAfterTheOthersIsTheSameValue) {
  expect_all_structural({{"My manager is Kofi Boateng.", "My manager is Kofi."},
                         {"I support Ajax Amsterdam.", "I support Ajax."}},
                        C::duplicate);
  expect_all_structural({{"I live in Texas", "I live in Austin, Texas"}}, C::compatible);
  // Opposite stances are no restatement.
  for (const Pair& p : {Pair{"I support Ajax Amsterdam.", "I don't support Ajax."}}) {
    const Verdict v = test::verdict_with(test::structural_lexicon(), p.a, p.b);
    EXPECT_NE(v.classification, C::duplicate) << p.a << " / " << p.b << ": " << v.reasoning;
  }
}

TEST(JudgeRules, WhereANamedPersonLivesIsOneSlotWithWhereTheirRelationLives) {
  // "My sister Priya" is a person to the parse, "Priya" alone a name: where
  // each lives is one slot, so two cities contradict.
  for (const Pair& p : {Pair{"My sister Priya lives in Melbourne.", "Priya lives in Perth."},
                        Pair{"My best friend Wanjiru is based in Nairobi.", "Wanjiru lives in Kigali."}}) {
    const Verdict v = test::verdict_with(test::structural_lexicon(), p.a, p.b);
    EXPECT_EQ(v.classification, C::true_contradiction) << p.a << " / " << p.b << ": " << v.reasoning;
  }
}

TEST(JudgeRules, ARelationsInabilityAndTheirDoingItContradict) {
  expect_all_structural({{"My nephew Sam can't swim.", "Sam swims for his school team."}}, C::true_contradiction);
}

TEST(JudgeRules, APronounMeansThePersonTheOtherSideNamesIfItFits) {
  for (const Pair& p : {Pair{"My brother is a nurse.", "He works as an accountant."},
                        Pair{"My mum lives in Cork.", "She lives in Galway."},
                        Pair{"My boss lives in Cork.", "She lives in Galway."}}) {
    const Verdict v = test::verdict_with(test::structural_lexicon(), p.a, p.b);
    EXPECT_EQ(v.classification, C::true_contradiction) << p.a << " / " << p.b << ": " << v.reasoning;
    EXPECT_NE(v.write_tier, WriteTier::block) << p.a << " / " << p.b;
  }
  expect_all_structural({{"My sister is a nurse.", "He works as an accountant."},
                         {"My dad lives in Cork.", "She lives in Galway."}},
                        C::unrelated);
}

// Someone the user names by relation on one side and a person's name on the
// other are most likely one person: the slots are compared, never to a
// block. A relation already named, a name given as a value, a word for a
// relation written with a capital and an acronym do not link.
TEST(JudgeRules, ARelationAndANameAreOnePersonIfNothingNamesTheRelation) {
  for (const Pair& p : {Pair{"My sister lives in Melbourne.", "Priya lives in Perth."},
                        Pair{"My husband works at Siemens.", "Today Rob works at Bosch."}}) {
    const Verdict v = test::verdict_with(test::structural_lexicon(), p.a, p.b);
    EXPECT_EQ(v.classification, C::true_contradiction) << p.a << " / " << p.b << ": " << v.reasoning;
    EXPECT_NE(v.write_tier, WriteTier::block) << p.a << " / " << p.b;
  }
  expect_all_structural({{"At work my husband always wears a suit.", "At home Daniel always wears a tracksuit."}},
                        C::context_dependent);
  expect_all_structural({{"My girlfriend is the calmest person I know.",
                          "Chloe completely lost her mind over the spider in the bath."}},
                        C::figurative);
  expect_all_structural({{"My best friend is Jordan.", "Priya lives in Perth."},
                         {"The API is written in Go.", "My sister lives in Rome."}},
                        C::unrelated);
}

// Being in a place ("I'm in Austin") says where the user is, as living
// there does: a more specific place is compatible, another one a
// contradiction that never blocks (being somewhere may be a visit).
TEST(JudgeRules, BeingInAPlaceIsWhereTheUserIs) {
  expect_all_structural({{"I live in Texas.", "I'm in Austin these days"}}, C::compatible);
  const Verdict v = test::verdict_with(test::structural_lexicon(), "I live in Boston.", "I'm in San Diego");
  EXPECT_EQ(v.classification, C::true_contradiction) << v.reasoning;
  EXPECT_NE(v.write_tier, WriteTier::block);
}

// A figure of speech next to a statement on a topic of one family (a repo
// and a monolith, a boss and a manager) is figurative, not unrelated.
TEST(JudgeRules, AFigureOfSpeechOnARelatedTopicIsFigurative) {
  expect_all_structural({{"Our monolith has about 300 files.", "This repo is a mile long."},
                         {"My manager is very patient.", "My boss is gonna have my head for this."},
                         {"Our release pipeline takes about 12 minutes.", "Our pipeline takes a lifetime."}},
                        C::figurative);
}

// "Only X may ..." and "... and nobody else can" say one thing, not two
// opposed rules; a reason told after a change ("now that ...") is no part
// of it, and a thing named more fully is the thing the change ends.
TEST(JudgeRules, OneRestrictionSaidBothWaysAndAChangeWithItsReason) {
  const Verdict v = test::verdict_with(test::structural_lexicon(),
                                       "Only the SRE team may approve production database schema changes.",
                                       "Prod DB schema changes need SRE approval and nobody else can sign off.");
  EXPECT_NE(v.classification, C::true_contradiction) << v.reasoning;
  expect_all_structural({{"I use a CPAP machine for my sleep apnoea.",
                          "I no longer need the CPAP now that I've lost the weight."}},
                        C::temporal_change);
}

// Verbs of change the cue lexicon lists ("pushed back", "weaned off",
// "shortened") make a change of what the other statement says.
TEST(JudgeRules, MoreVerbsOfChangeAreChangeCues) {
  expect_all_structural({{"The sprint demo is on the 14th.", "The sprint demo was pushed back to the 21st."},
                         {"I take melatonin to sleep.", "I weaned off melatonin over the summer."},
                         {"The session timeout is 30 minutes.", "We shortened the session timeout to 10 minutes."}},
                        C::temporal_change);
}

// A later clause in the speaker's own words is judged when the first
// clauses are about different subjects, never above MED.
TEST(JudgeRules, ALaterClauseOfTheSpeakersIsJudgedWhenTheFirstIsAboutSomethingElse) {
  const Verdict d = test::verdict_with(test::structural_lexicon(), "User is lactose intolerant.",
                                       "Dairy doesn't agree with me, I'm lactose intolerant.");
  EXPECT_EQ(d.classification, C::duplicate) << d.reasoning;
  EXPECT_NE(d.tier, ConfidenceTier::high);
  const Verdict t = test::verdict_with(test::structural_lexicon(), "I'm lactose intolerant.",
                                       "Dairy has never bothered me; I drink milk by the glass.");
  EXPECT_EQ(t.classification, C::true_contradiction) << t.reasoning;
  EXPECT_NE(t.write_tier, WriteTier::block);
  // Without such a clause, different subjects stay unrelated.
  expect_all_structural({{"User is lactose intolerant.", "Dairy prices went up again this month."}}, C::unrelated);
}

// A later sentence is judged the same way, when the first sentences are
// about different subjects or only share a topic; not after an
// abbreviation ("Dr. Patel") or inside a number.
TEST(JudgeRules, ALaterSentenceIsJudgedWhenTheFirstSettlesNothing) {
  const Verdict t = test::verdict_with(test::structural_lexicon(), "I live in Glasgow.",
                                       "Long week at work. We moved to Dundee in March, the flat is great.");
  EXPECT_EQ(t.classification, C::temporal_change) << t.reasoning;
  EXPECT_NE(t.tier, ConfidenceTier::high);
  const Verdict c = test::verdict_with(test::structural_lexicon(), "I can't drive.",
                                       "The traffic was awful today! I drive forty miles to work every day.");
  EXPECT_EQ(c.classification, C::true_contradiction) << c.reasoning;
  EXPECT_NE(c.write_tier, WriteTier::block);
  const auto parts = later_parts("Saw Dr. Patel at 3.30 today. It went fine! Mr. Lee too");
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(std::string_view("Saw Dr. Patel at 3.30 today. It went fine! Mr. Lee too").substr(parts[0], 2), "It");
  expect_all_structural({{"I live in Glasgow.", "Long week at work. The printer broke again."}}, C::unrelated);
}

// A phrasal cue with its object between verb and particle is the same cue;
// hand-overs and cuts are changes too.
TEST(JudgeRules, APhrasalCueAroundItsObjectIsACue) {
  expect_all_structural({{"I drive a 2015 Mazda 3.", "traded the Mazda in for a used Leaf last month"},
                         {"Eva runs the onboarding workshop.", "Eva handed the onboarding workshop over to Sam in May."},
                         {"My swimming lessons are weekly.", "My swimming lessons were cut to every fortnight from March."}},
                        C::temporal_change);
}

// A fact fixed for life is one fact in any tense and never changes.
TEST(JudgeRules, AFactFixedForLifeNeitherAgesNorChanges) {
  expect_all_structural({{"I was born on 22 June 1979.", "my birthday is June 22nd"},
                         {"I was born on 22 June 1979.", "my bday = 6/22/79"},
                         {"I was born in Ghent.", "Ghent is my birthplace."}},
                        C::duplicate);
  expect_all_structural({{"Ines was born in Braga.", "Ines's birthplace is Faro."}}, C::true_contradiction);
}

// A birth year and an age must agree, in the year the age was reached.
TEST(JudgeRules, ABirthYearAndAnAgeMustAgree) {
  using test::structural_verdict_at;
  EXPECT_EQ(structural_verdict_at("I was born in 1984.", "2023-01-05T10:00:00Z", "I turned 30 back in 2012.",
                                  "2024-03-01T10:00:00Z").classification,
            C::true_contradiction);
  EXPECT_EQ(structural_verdict_at("Born in 1984.", "2023-01-05T10:00:00Z", "I turned 45 last spring.",
                                  "2024-03-01T10:00:00Z").classification,
            C::true_contradiction);
  EXPECT_EQ(structural_verdict_at("Born in 1984.", "2023-01-05T10:00:00Z", "I'm 40.", "2024-08-01T10:00:00Z")
                .classification,
            C::compatible);
}

// One thing qualified in ways that exclude each other (two places, two
// members of a class) is two contexts, not a contradiction.
TEST(JudgeRules, ContrastedQualifiersOfOneSubjectAreTwoContexts) {
  expect_all_structural({{"The Toronto API gateway runs Envoy 1.28.", "In Madrid, the API gateway is on Envoy 1.22."}},
                        C::context_dependent);
  // Without the qualifiers, a contradiction.
  expect_all_structural({{"The API gateway runs Envoy 1.28.", "The API gateway is on Envoy 1.22."}},
                        C::true_contradiction);
}

// One word in two spellings is one value, alone or inside a longer value;
// two words that only share a sense are not ("main" / "master").
TEST(JudgeRules, SpellingVariantsAreOneValue) {
  expect_all_structural({{"My car is grey.", "My car is gray."},
                         {"Our cat is a grey British Shorthair.", "Our cat is a gray British Shorthair."}},
                        C::duplicate);
  expect_all_structural({{"The default branch is main.", "The default branch is master."}}, C::true_contradiction);
}

// Someone the user has one of at a time, named differently on the two
// sides: a contradiction at most MED, or a change with a change cue.
TEST(JudgeRules, TwoNamesForOneSoleRelationContradict) {
  using NR = std::vector<std::pair<std::string, std::string>>;
  const Lexicon& lex = test::structural_lexicon();
  EXPECT_EQ(named_relations(lex, "My boss is Greta Olsen."), (NR{{"manager", "greta olsen"}}));
  EXPECT_EQ(named_relations(lex, "my line manager, Omar, approved it"), (NR{{"manager", "omar"}}));
  EXPECT_EQ(named_relations(lex, "my husband farid and i went hiking"), (NR{{"partner", "farid"}}));
  EXPECT_EQ(named_relations(lex, "I'm married to Ingrid."), (NR{{"partner", "ingrid"}}));
  EXPECT_EQ(named_relations(lex, "Lucia Moreno manages me."), (NR{{"manager", "lucia moreno"}}));
  EXPECT_EQ(named_relations(lex, "Dana Whitfield manages the user."), (NR{{"manager", "dana whitfield"}}));
  // Not a name: a verb, an adjective, a day, a relation of someone else's.
  EXPECT_TRUE(named_relations(lex, "My wife specialises in cardiology.").empty());
  EXPECT_TRUE(named_relations(lex, "My husband is Italian.").empty());
  EXPECT_TRUE(named_relations(lex, "My boss Friday said no.").empty());
  EXPECT_TRUE(named_relations(lex, "My sister's husband is Tom.").empty());
  const Verdict c = test::verdict_with(lex, "My boss is Greta Olsen.", "my mgr is omar, he's fine");
  EXPECT_EQ(c.classification, C::true_contradiction) << c.reasoning;
  EXPECT_NE(c.write_tier, WriteTier::block);
  // In the past, no one is named for now.
  EXPECT_TRUE(named_relations(lex, "I reported to Priya at my old job.").empty());
  EXPECT_TRUE(named_relations(lex, "I was married to Marcus in my twenties.").empty());
  // One name said more fully, or in short, is the same person: both are
  // named, and they do not contradict.
  EXPECT_EQ(named_relations(lex, "My boss, Greta Olsen, signed my expenses."), (NR{{"manager", "greta olsen"}}));
  EXPECT_NE(test::verdict_with(lex, "My boss is Greta.", "My boss, Greta Olsen, signed my expenses.").classification,
            C::true_contradiction);
  EXPECT_EQ(named_relations(lex, "my husband Dan and I went hiking"), (NR{{"partner", "dan"}}));
  EXPECT_NE(test::verdict_with(lex, "My husband is Daniel.", "my husband Dan and I went hiking").classification,
            C::true_contradiction);
}

// Two statements of the speaker that share a topic (here "the concert"),
// with nothing opposing them, are compatible: the pre-screen pairs them, so
// they are not "unrelated".
TEST(JudgeRules, StatementsSharingATopicWithoutOppositionAreCompatible) {
  expect_all({{"Went to a jazz concert on Friday night",
               "Had dinner at a Georgian restaurant before the concert on Friday"}},
             C::compatible);
  // Sharing nothing still makes them unrelated.
  expect_all({{"I play the violin", "My landlord is raising the rent in January"}}, C::unrelated);
}

TEST(JudgeRules, OnePersonInTwoContrastedContextsIsContextDependent) {
  // Different verbs, no shared word: the contrast of one scope dimension
  // (weekday / weekend, work / home) says both describe one habit.
  expect_all({{"On weekdays I'm at my desk by eight", "At weekends I rarely leave the house before noon"},
              {"During the week I train at the gym", "On weekends I go hiking in the hills"}},
             C::context_dependent);
  // Without a contrast of one dimension, nothing links them.
  EXPECT_NE(classify("I'm at my desk by eight", "I rarely leave the house before noon"), C::context_dependent);
}

TEST(JudgeRules, TheSameAmountsOfOneThingInOtherWordsAreADuplicate) {
  expect_all({{"My daughter Mia turns six in June", "Mia's birthday is in June, she'll be 6"},
              {"I walk about three miles every morning", "Every morning I do a 3 mile walk"},
              {"The nightly backup takes an hour and a half", "The nightly backup runs for 90 minutes"}},
             C::duplicate);
  // Another amount is not a restatement.
  EXPECT_NE(classify("My daughter Mia turns six in June", "Mia's birthday is in June, she'll be 7"),
            C::duplicate);
  EXPECT_NE(classify("I walk about three miles every morning", "Every morning I do a 5 mile walk"),
            C::duplicate);
}

TEST(JudgeRules, TheSameAmountsOfOneThingAreADuplicateWhateverTheParseTookAsSubjects) {
  // The parse finds different subjects (a setting / "we"; the user / a
  // laptop), the numbers and the thing are the same.
  const std::initializer_list<Pair> restated = {
      {"Disk usage alert threshold is 85%.", "we alert once a disk gets to 85 percent full"},
      {"I keep my laptop screen brightness at 70%.", "laptop display brightness: 70 percent"},
      {"Max upload size for the media service is 25 MB", "media-svc rejects any upload bigger than 25 megabytes"}};
  expect_all_structural(restated, C::duplicate);
  // Another number for the same setting contradicts it; nothing shared but
  // the number is no restatement.
  expect_all_structural({{"Disk usage alert threshold is 85%.", "we alert once a disk gets to 90 percent full"}},
                        C::true_contradiction);
  expect_all_structural({{"Disk usage alert threshold is 85%.", "My battery is at 85 percent"}}, C::unrelated);
}

TEST(JudgeRules, OneStatementInAnotherConstructionIsADuplicate) {
  // The parse finds different slots; the words (and the days, a scope
  // joined by "and") are the same.
  expect_all({{"I do yoga every Monday and Wednesday", "Mondays and Wednesdays are my yoga days"},
              {"I swim at the lake every Saturday", "Saturdays are my lake swimming days"}},
             C::duplicate);
}

TEST(JudgeRules, AHabitOfAPortionOfWhatIsDeniedContradictsTheDenial) {
  expect_all({{"I don't drink alcohol, not even socially", "I usually have a glass or two of red wine with dinner"},
              {"I don't drink coffee", "I have two cups of coffee most mornings"}},
             C::true_contradiction);
}

TEST(JudgeRules, AVerbOfRequirementIsAnObligation) {
  // "X require(s) Y" against "Y isn't required for X": one rule requires
  // what the other says is not required.
  expect_all({{"Staging deploys require a green build", "A green build isn't required for staging deploys"},
              {"Releases need approval from QA", "QA approval is not required for releases"}},
             C::true_contradiction);
  EXPECT_EQ(classify("Code reviews need a pair of approvals", "Code reviews need two approvals"), C::duplicate);
}

TEST(JudgeRules, TheUserReplacingOneOfTheirThingsIsAChange) {
  expect_all({{"My laptop is a ThinkPad X1", "Upgraded to a ThinkPad X13 yesterday"},
              {"My phone is a Pixel 6", "Upgraded to a Pixel 9 last week"}},
             C::temporal_change);
}

TEST(JudgeRules, ALeadingTimePhraseSetOffByACommaIsNotTheSubject) {
  EXPECT_EQ(classify("The search service listens on port 9200", "As of the June upgrade, search listens on 9300"),
            C::temporal_change);
}

TEST(JudgeRules, DenyingWhatTheOtherAffirmsInAnotherConstructionIsAContradiction) {
  expect_all({{"Infrastructure is managed with Terraform", "We don't use Terraform; infrastructure lives in Pulumi"},
              {"Our docs are hosted on Confluence", "We don't use Confluence, the docs are in the repo"}},
             C::true_contradiction);
  // A word that denies without a negator is no plain affirmation.
  EXPECT_NE(classify("I never eat pork", "Pork is off the menu for me"), C::true_contradiction);
}

TEST(JudgeRules, ModalityOpposesRules) {
  expect_all({{"You must run the tests before merging", "You don't have to run the tests before merging"},
              {"Hotfixes may skip code review", "Hotfixes must not skip code review"},
              {"Pull requests must be squashed before merge", "Pull requests must not be squashed before merge"}},
             C::true_contradiction);
  EXPECT_EQ(classify("You must run the tests before merging", "Running the tests before merging is mandatory"),
            C::duplicate);
}

TEST(JudgeViews, SeverityFollowsSeedZeroTable) {
  using K = MemoryKind;
  EXPECT_EQ(severity_of(K::trait, K::trait), Severity::critical);
  EXPECT_EQ(severity_of(K::concept_, K::trait), Severity::high);
  EXPECT_EQ(severity_of(K::trait, K::concept_), Severity::high);
  EXPECT_EQ(severity_of(K::concept_, K::concept_), Severity::high);
  EXPECT_EQ(severity_of(K::relationship, K::trait), Severity::high);
  EXPECT_EQ(severity_of(K::episode, K::trait), Severity::medium);
  EXPECT_EQ(severity_of(K::episode, K::concept_), Severity::medium);
  EXPECT_EQ(severity_of(K::relationship, K::episode), Severity::medium);
  EXPECT_EQ(severity_of(K::episode, K::episode), Severity::low);
  EXPECT_EQ(verdict("I like Honda", "I hate Honda", K::episode, K::episode).severity, Severity::low);
  EXPECT_EQ(verdict("I like Honda", "I hate Honda").severity, Severity::critical);
}

TEST(JudgeViews, WriteActionsFollowSeedFour) {
  EXPECT_EQ(verdict("The timeout is 30 seconds", "The timeout is 30s").action, WriteAction::noop);
  EXPECT_EQ(verdict("I live in Paris", "I moved to Berlin").action, WriteAction::update);
  EXPECT_EQ(verdict("I drink coffee every morning", "I quit coffee last month").action, WriteAction::del);
  EXPECT_EQ(verdict("I like Honda", "I hate Honda").action, WriteAction::add);
  EXPECT_EQ(verdict("I speak French", "I speak Spanish").action, WriteAction::add);
}

TEST(JudgeViews, VerdictCarriesReasoningSurfaceContextAndResolution) {
  const Verdict v = verdict("I like Honda", "I hate Honda");
  EXPECT_FALSE(v.reasoning.empty());
  EXPECT_NE(v.surface_context.find("honda"), std::string::npos) << v.surface_context;
  EXPECT_EQ(v.recommended_resolution, "user_clarified");
  const Verdict t = verdict("I live in Paris", "I moved to Berlin");
  EXPECT_TRUE(t.temporal_signal);
  EXPECT_EQ(t.recommended_resolution, "temporal_supersede");
  EXPECT_FALSE(verdict("I live in Paris", "I live in Rome").temporal_signal);
}

TEST(JudgeViews, NliViewOfAMemoryVerdict) {
  EXPECT_EQ(verdict("I like Honda", "I hate Honda").nli, Nli::contradiction);
  EXPECT_EQ(verdict("The timeout is 30 seconds", "The timeout is 30s").nli, Nli::entailment);
  EXPECT_EQ(verdict("I play the violin", "My dentist appointment is on Friday").nli, Nli::neutral);
}

TEST(JudgeViews, EnumNamesAreStable) {
  EXPECT_STREQ(to_string(ConfidenceTier::high), "HIGH");
  EXPECT_STREQ(to_string(ConfidenceTier::med), "MED");
  EXPECT_STREQ(to_string(ConfidenceTier::low), "LOW");
  EXPECT_STREQ(to_string(WriteAction::del), "DELETE");
  EXPECT_STREQ(to_string(WriteAction::noop), "NOOP");
  EXPECT_STREQ(to_string(WriteTier::block), "block");
  EXPECT_STREQ(to_string(Nli::entailment), "entailment");
  EXPECT_EQ(parse_nli("contradiction"), Nli::contradiction);
  EXPECT_FALSE(parse_nli("maybe"));
}

namespace {
class FixedStage final : public JudgeStage {
 public:
  mutable int calls = 0;
  const char* name() const override { return "fixed"; }
  std::optional<Verdict> refine(const JudgeInput&, const JudgeInput&, const Verdict& so_far) const override {
    ++calls;
    Verdict v = so_far;
    v.classification = C::compatible;
    v.confidence = 0.9;
    v.tier = ConfidenceTier::high;
    return v;
  }
};
}  // namespace

TEST(JudgeStages, LaterStagesAreConsultedOnlyWhenTheStructuralVerdictIsLow) {
  auto lex = Lexicon::load(JudgeConfig{});
  ASSERT_TRUE(lex);
  // Raise the thresholds so that every structural verdict is LOW.
  auto mut = std::const_pointer_cast<Lexicon>(*lex);
  mut->set_thresholds(0.999, 0.998);
  Judge judge(mut);
  auto stage = std::make_unique<FixedStage>();
  FixedStage* s = stage.get();
  judge.add_stage(std::move(stage));
  JudgeInput a, b;
  a.text = "I like Honda";
  b.text = "I hate Honda";
  const Verdict v = judge.classify(a, b);
  EXPECT_EQ(s->calls, 1);
  EXPECT_EQ(v.classification, C::compatible);
  EXPECT_EQ(v.stage, "fixed");
  // With the default thresholds the same pair is HIGH: the stage is skipped.
  mut->set_thresholds(0.85, 0.6);
  const Verdict high = judge.classify(a, b);
  EXPECT_EQ(s->calls, 1);
  EXPECT_EQ(high.classification, C::true_contradiction);
  EXPECT_EQ(high.stage, "structural");
}

// The dev set is the regression gate for the targets of issue 3.
TEST(JudgeDevSet, MeetsTheIssueTargetsWithNoFalseBlocks) {
  std::ifstream in(std::string(CREDENCE_SOURCE_DIR) + "/tests/data/pairs_dev.jsonl");
  ASSERT_TRUE(in);
  std::string line;
  int n = 0, correct = 0, tp = 0, fp = 0, fn = 0, false_blocks = 0;
  while (std::getline(in, line)) {
    auto p = cli::parse_pair_line(line);
    ASSERT_TRUE(p) << p.error().message;
    const Verdict v = judge(test::lexicon(), cli::to_input(p->existing, nullptr), cli::to_input(p->incoming, nullptr));
    ++n;
    correct += v.classification == *p->label;
    const bool g = *p->label == C::true_contradiction || *p->label == C::temporal_change;
    const bool q = v.classification == C::true_contradiction || v.classification == C::temporal_change;
    tp += g && q;
    fp += !g && q;
    fn += g && !q;
    false_blocks += v.write_tier == WriteTier::block && *p->label != C::true_contradiction;
  }
  ASSERT_GE(n, 400);
  const double accuracy = static_cast<double>(correct) / n;
  const double precision = static_cast<double>(tp) / (tp + fp), recall = static_cast<double>(tp) / (tp + fn);
  const double f1 = 2 * precision * recall / (precision + recall);
  EXPECT_GE(accuracy, 0.85);
  EXPECT_GE(f1, 0.90);
  EXPECT_EQ(false_blocks, 0);
}

TEST(JudgePrecision, APlaceWordNetCannotPlaceIsNotABlock) {
  const Verdict v = verdict("I live in Lyon", "I live in the Rhone region");
  EXPECT_NE(v.write_tier, WriteTier::block) << to_string(v.classification) << " " << v.confidence;
  EXPECT_EQ(verdict("I live in London", "I live in Sydney").write_tier, WriteTier::block);
}

TEST(JudgePrecision, AnArgumentTheParseMissedCapsTheConfidence) {
  // "for free users" is read as an audience; a statement with words no claim
  // field accounts for never blocks.
  EXPECT_EQ(classify("The rate limit is 100 requests per minute for free users",
                     "The rate limit is 1000 requests per minute for paying customers"),
            C::context_dependent);
  const Verdict v = verdict("I smoke a pack a day", "I've never smoked a pack of Marlboro reds");
  EXPECT_NE(v.write_tier, WriteTier::block);
}

TEST(JudgePrecision, ADifferenceTheClaimsDoNotCompareIsNotADuplicate) {
  const Verdict v = verdict("My daughter goes to school in Lyon", "My daughter goes to school in Nice");
  EXPECT_NE(v.classification, C::duplicate);
  EXPECT_NE(v.write_tier, WriteTier::block);
}

TEST(JudgeRules, APassiveChangeVerbWithANewValueIsATemporalChange) {
  EXPECT_EQ(classify("The retention period is 30 days", "The retention period was extended to 60 days"),
            C::temporal_change);
  EXPECT_EQ(classify("The timeout is 30 seconds", "The timeout was raised to 60 seconds"), C::temporal_change);
}

TEST(JudgeRules, DifferentKindsOfContextOnBothSidesAreContextDependent) {
  expect_all({{"I like hot weather on vacation", "I hate hot weather at work"},
              {"I love spicy food at restaurants", "I avoid spicy food at home"},
              {"I speak German with my parents", "I speak English with my colleagues"}},
             C::context_dependent);
}

TEST(JudgeRules, MoreChangeAndOppositionPhrasings) {
  EXPECT_EQ(classify("Two-factor authentication is mandatory", "Two-factor authentication is optional"),
            C::true_contradiction);
  EXPECT_EQ(classify("I'm married", "My wife and I divorced in 2023"), C::temporal_change);
  EXPECT_EQ(classify("I'm a smoker", "I haven't smoked since January"), C::temporal_change);
  EXPECT_EQ(classify("My cat is a little devil", "My cat is very calm"), C::figurative);
}

TEST(JudgeRules, VerbsOfChangeFromWordNetAndPromotionsAreChanges) {
  EXPECT_EQ(classify("The team has five engineers", "The team grew to eight engineers"), C::temporal_change);
  EXPECT_EQ(classify("I'm a junior developer", "I got promoted to senior developer"), C::temporal_change);
  EXPECT_EQ(classify("I have a dog", "I've got a dog"), C::duplicate);
}

// Problem 1 of the second judge pass: history is not a contradiction.
TEST(JudgeHistory, AnIncomingStatementAboutThePastNextToAPresentOneIsCompatibleNeverABlock) {
  for (Pair p : {Pair{"I live in Paris", "I used to live in Lyon"},
                 Pair{"I work at Apple", "I worked at Google for five years before that"},
                 Pair{"My sister works at Siemens", "My sister used to work at Bosch"},
                 Pair{"I live in Denver", "I previously lived in Chicago"},
                 Pair{"Our CI runs on GitHub Actions", "Formerly our CI ran on Jenkins"},
                 Pair{"I work at Shopify", "Back in 2019 I worked at Spotify"},
                 Pair{"The API listens on port 8443", "The API listened on port 8080 in the first release"},
                 Pair{"I study at McGill", "I studied at a community college before that"},
                 Pair{"I live in Madrid", "I lived in Porto for three years before moving here"},
                 Pair{"I hate olives", "I used to love olives as a kid"},
                 Pair{"I don't smoke", "I smoked in college"},
                 Pair{"I don't have any pets", "I had a dog as a kid"},
                 Pair{"I'm vegetarian", "I ate meat as a kid"}}) {
    const Verdict v = verdict(p.a, p.b);
    EXPECT_EQ(v.classification, C::compatible) << p.a << " / " << p.b << ": " << v.reasoning;
    EXPECT_NE(v.write_tier, WriteTier::block) << p.a << " / " << p.b;
    // A settled rule: the learned fallback does not second-guess it.
    EXPECT_EQ(v.stage, "structural") << p.a << " / " << p.b << ": " << v.reasoning;
  }
}

TEST(JudgeHistory, TwoStatementsAboutDifferentPastTimesAreCompatible) {
  EXPECT_EQ(classify("I used to live in Lyon", "I lived in Marseille when I was a kid"), C::compatible);
  EXPECT_EQ(classify("I worked at Google", "I worked at Apple"), C::compatible);
}

TEST(JudgeHistory, AnExistingStatementAboutThePastIsSupersededByAPresentOne) {
  EXPECT_EQ(classify("I used to live in Leeds", "I live in Bristol"), C::temporal_change);
  EXPECT_EQ(classify("I worked at Google", "I work at Apple"), C::temporal_change);
  EXPECT_EQ(classify("I used to love olives", "I hate olives"), C::temporal_change);
}

TEST(JudgeHistory, UsedToWithTheSameValueSaysItIsOver) {
  for (Pair p : {Pair{"I play the cello", "I used to play the cello"},
                 Pair{"I live in Austin", "I used to live in Austin"},
                 Pair{"I drive a Volvo", "I previously drove a Volvo"}}) {
    const Verdict v = verdict(p.a, p.b);
    EXPECT_EQ(v.classification, C::temporal_change) << p.a << " / " << p.b << ": " << v.reasoning;
  }
  // A past episode of the same thing without "used to" ends nothing.
  EXPECT_EQ(classify("My daughter goes to school in Leuven",
                     "In kindergarten my daughter went to school in Mechelen"),
            C::compatible);
}

TEST(JudgeHistory, FactsFixedForLifeStillContradictInThePastTense) {
  expect_all({{"I was born in Lyon", "I was born in Nice"},
              {"My daughter was born in March", "My daughter was born in July"},
              {"I was born in 1990", "I was born in 1988"}},
             C::true_contradiction);
}

TEST(JudgeHistory, APastEpisodeStillContradictsAPresentDenialButNeverBlocksUnlessTheDenialSaysNever) {
  const Verdict v = verdict("I don't eat meat", "I ate a steak yesterday");
  EXPECT_EQ(v.classification, C::true_contradiction) << v.reasoning;
  EXPECT_NE(v.write_tier, WriteTier::block);
  EXPECT_EQ(classify("I have never smoked", "I smoked in college"), C::true_contradiction);
  EXPECT_EQ(classify("I have never been to Spain", "I visited Spain last summer"), C::true_contradiction);
  EXPECT_EQ(classify("I have no pets", "I walked my dog this morning"), C::true_contradiction);
}

// Problem 2: habitual use against a strong negative stance.
TEST(JudgeStance, AHabitAndAStrongDislikeOfTheSameThingContradictAtMedConfidence) {
  for (Pair p : {Pair{"I drink three cups of coffee every morning", "Actually I can't stand coffee"},
                 Pair{"I drink green tea every afternoon", "I can't stand green tea"},
                 Pair{"I eat sushi twice a week", "I hate sushi"},
                 Pair{"I use Vim for everything", "I detest Vim"},
                 Pair{"I play chess online every night", "I despise chess"},
                 Pair{"I listen to jazz all day", "I can't bear jazz"},
                 Pair{"I go running every morning", "Honestly I loathe running"},
                 Pair{"My brother drinks a lot of beer", "My brother never touches alcohol"},
                 Pair{"I hate sushi", "I eat sushi twice a week"}}) {
    const Verdict v = verdict(p.a, p.b);
    EXPECT_EQ(v.classification, C::true_contradiction) << p.a << " / " << p.b << ": " << v.reasoning;
    EXPECT_EQ(v.tier, ConfidenceTier::med) << p.a << " / " << p.b;
    EXPECT_NE(v.write_tier, WriteTier::block) << p.a << " / " << p.b;
  }
}

TEST(JudgeStance, AChangeCueOrADisjointScopeSeparatesAHabitFromADislike) {
  EXPECT_EQ(classify("I drink coffee every morning", "Since last month I can't stand coffee"), C::temporal_change);
  EXPECT_EQ(classify("I eat chocolate every day", "Lately I can't stand chocolate"), C::temporal_change);
  EXPECT_EQ(classify("I drink beer on weekends", "I can't stand beer on weekdays"), C::context_dependent);
}

TEST(JudgeRules, AnAdjectiveOutsideAnExclusiveClassIsAnotherAttribute) {
  // "full" is not a marital status, "positive" not a handedness: no
  // contradiction, and never a block.
  for (const auto& [a, b] : std::initializer_list<std::pair<const char*, const char*>>{
           {"I'm single.", "I'm full"},
           {"I'm left-handed", "I'm positive about it"},
           {"I'm vegan", "I'm exhausted"}}) {
    const Verdict v = verdict(a, b);
    EXPECT_NE(v.classification, C::true_contradiction) << a << " / " << b << ": " << v.reasoning;
    EXPECT_NE(v.write_tier, WriteTier::block) << a << " / " << b;
  }
  // Two members of the class still exclude each other.
  for (const auto& [a, b] : std::initializer_list<std::pair<const char*, const char*>>{
           {"I'm single.", "I'm married"}, {"I'm left-handed", "I'm right-handed"}}) {
    const Verdict v = verdict(a, b);
    EXPECT_EQ(v.classification, C::true_contradiction) << a << " / " << b << ": " << v.reasoning;
  }
}

TEST(JudgeRules, OneStudiesSeveralSubjectsButAtOneSchool) {
  // What one studies or learns is multi-valued (slots.txt subjects_studied);
  // where one studies, or one's major, is single-valued.
  EXPECT_EQ(classify("Currently studying Japanese.", "I've been studying American Sign Language."), C::compatible);
  EXPECT_EQ(classify("I'm learning ASL.", "I've been studying American Sign Language."), C::duplicate);
  EXPECT_EQ(classify("I study at Leeds University", "I study at the University of York"), C::true_contradiction);
  EXPECT_EQ(classify("I major in physics", "I major in chemistry"), C::true_contradiction);
}

TEST(JudgeRules, ATemperatureInTheOtherScaleIsTheSameAmount) {
  // labels.md: a unit change is a duplicate; 39 F is 3.9 C, rounded.
  EXPECT_EQ(classify("The fridge is set to 4°C", "The fridge is set to 39°F"), C::duplicate);
  EXPECT_EQ(classify("I keep the thermostat at 20 degrees Celsius", "The thermostat stays at 68 degrees Fahrenheit"),
            C::duplicate);
  // Another temperature is another value.
  EXPECT_EQ(classify("The fridge is set to 4°C", "The fridge is set to 50°F"), C::true_contradiction);
}

TEST(JudgeStance, OppositeStancesOnTwoThingsOfOneKindAreAFindingThatBothHold) {
  // WordNet files the two things side by side: a stance on one says nothing
  // of the other (liking Honda says nothing of Toyota). MED, and the learned
  // fallback may not make a contradiction of it.
  for (const auto& [a, b] : std::initializer_list<std::pair<const char*, const char*>>{
           {"I drink coffee every morning", "I can't stand tea"},
           {"I love apples", "I hate pears"},
           {"I drink tea every afternoon", "I hate coffee"}}) {
    const Verdict s = test::verdict_with(test::structural_lexicon(), a, b);
    EXPECT_EQ(s.classification, C::compatible) << a << " / " << b << ": " << s.reasoning;
    EXPECT_EQ(s.tier, ConfidenceTier::med) << a << " / " << b;
    EXPECT_NE(s.reasoning.find("two different things of one kind"), std::string::npos) << s.reasoning;
    EXPECT_NE(classify(a, b), C::true_contradiction) << a << " / " << b;
  }
  // The same thing, a kind of it, or two words WordNet does not file side by
  // side are not this finding.
  EXPECT_EQ(classify("I drink coffee every morning", "I can't stand coffee"), C::true_contradiction);
  for (const auto& [a, b] : std::initializer_list<std::pair<const char*, const char*>>{
           {"I love running", "I detest jogging"},
           {"I don't eat meat", "I love burgers"},
           {"I love horror movies", "I can't stand scary films"}}) {
    const Verdict s = test::verdict_with(test::structural_lexicon(), a, b);
    EXPECT_EQ(s.reasoning.find("two different things of one kind"), std::string::npos) << a << " / " << b;
  }
}

TEST(JudgeStance, AMildDislikeOrADislikeOfAnotherThingIsNoContradiction) {
  EXPECT_NE(classify("I eat pasta every day", "I hate pizza"), C::true_contradiction);
  EXPECT_NE(classify("I drink coffee every morning", "I can't stand tea"), C::true_contradiction);
  EXPECT_NE(classify("I drink coffee every morning", "I dislike coffee"), C::true_contradiction);
}

// Problem 3: world knowledge decides at MED; undecidable same-topic pairs are LOW.
TEST(JudgeWorldKnowledge, DietsAndAllergiesExcludeEatingWhatTheyRuleOutAtMedConfidence) {
  for (Pair p : {Pair{"I'm vegan", "I went to a steakhouse and loved the ribeye"},
                 Pair{"I'm allergic to peanuts", "I had a peanut butter sandwich"},
                 Pair{"I'm allergic to shellfish", "I ate a whole plate of shrimp"},
                 Pair{"I'm vegan", "I had a cheese omelette for lunch"},
                 Pair{"I'm lactose intolerant", "I drink a glass of milk every night"},
                 Pair{"I don't drink alcohol", "I had a few beers with friends last night"},
                 Pair{"I'm allergic to nuts", "I snack on cashews every afternoon"},
                 Pair{"I'm a teetotaler", "I had a glass of wine at dinner"},
                 // A holder with words before it; a favourite of the things; a pint.
                 Pair{"Lena is a lifelong teetotaler.", "Lena's favourite cocktail is a negroni."},
                 Pair{"Jonas is teetotal.", "Jonas downs three pints after every darts final."},
                 // What a dish is made with (WordNet: a burger is made with ground beef).
                 Pair{"I'm vegetarian", "Had a burger at the game"},
                 // The holder and a word for a condition.
                 Pair{"User has coeliac disease.", "I eat a big bowl of regular wheat pasta most nights"}}) {
    const Verdict v = verdict(p.a, p.b);
    EXPECT_EQ(v.classification, C::true_contradiction) << p.a << " / " << p.b << ": " << v.reasoning;
    EXPECT_EQ(v.tier, ConfidenceTier::med) << p.a << " / " << p.b;
  }
}

TEST(JudgeRules, OneKindOfThingInTwoContextsIsContextDependent) {
  // One head, other words before it: two kinds of job, not one job twice.
  expect_all_structural({{"Batch jobs time out after 30 minutes", "Interactive jobs time out after 2 minutes"}},
                        C::context_dependent);
  // A word shortened, or words of how often or whose, name the same thing.
  expect_all_structural({{"Application logs are kept for 30 days", "App logs are kept for 90 days"},
                         {"Team standup is at 9:30", "Our daily standup is at 10:15"}},
                        C::true_contradiction);
}

TEST(JudgeRules, OnlyOneActorAgainstAnotherIsAContradiction) {
  expect_all_structural({{"Only admins can delete projects", "Anyone can delete projects"},
                         {"Any engineer can change prod firewall rules",
                          "Only the SRE team may change production firewall rules"}},
                        C::true_contradiction);
  // A kind of the one named, or a restatement of the restriction, is none.
  for (Pair p : {Pair{"Only engineers can deploy services", "Senior engineers can deploy services"},
                 Pair{"Only the SRE team may change production firewall rules",
                      "prod firewall rule changes are restricted to SRE"}}) {
    const Verdict v = test::structural_verdict(p.a, p.b);
    EXPECT_NE(v.classification, C::true_contradiction) << p.a << " / " << p.b << ": " << v.reasoning;
  }
}

TEST(JudgeWorldKnowledge, AHolderOnceOrADishWithoutTheThingExcludesNothing) {
  for (Pair p : {Pair{"I'm a former vegetarian", "I had a burger yesterday"},
                 Pair{"I used to be vegan", "I had a cheese omelette for lunch"}}) {
    const Verdict v = test::structural_verdict(p.a, p.b);
    EXPECT_NE(v.classification, C::true_contradiction) << p.a << " / " << p.b << ": " << v.reasoning;
  }
  EXPECT_EQ(test::structural_verdict("I don't eat meat", "I ate a burger yesterday").classification,
            C::true_contradiction);
  EXPECT_NE(test::structural_verdict("I don't eat meat", "I had a salad").classification, C::true_contradiction);
}

TEST(JudgeWorldKnowledge, ADenialExcludesAKindOfTheDeniedThing) {
  // A kind of a class member ("beagle" is-a "dog", a pet), the very thing
  // denied ("no car" / "my car"), a WordNet kind of the denied thing
  // ("espresso" is-a "coffee", "rioja" is-a "wine"), and the head of a
  // diet ("a strict vegetarian") with more verbs of eating.
  for (Pair p : {Pair{"I have no pets", "our beagle chewed through the sofa again"},
                 Pair{"I don't have a car", "my car broke down on the motorway"},
                 Pair{"I don't drink coffee at all", "I had a double espresso after lunch"},
                 Pair{"I don't drink alcohol", "Dana and I split a bottle of rioja on Friday"},
                 Pair{"I'm a strict vegetarian", "Beef brisket is my favourite thing to eat"},
                 Pair{"I'm vegetarian", "I grabbed a ham sandwich at the station"},
                 Pair{"I'm vegan", "made bacon and eggs for breakfast"}}) {
    const Verdict v = verdict(p.a, p.b);
    EXPECT_EQ(v.classification, C::true_contradiction) << p.a << " / " << p.b << ": " << v.reasoning;
    EXPECT_EQ(v.stage, "structural") << p.a << " / " << p.b;
    EXPECT_NE(v.write_tier, WriteTier::block) << p.a << " / " << p.b;
  }
  EXPECT_EQ(test::claim("I'm a strict vegetarian").slot, "diet");
  // Two different habits with one thing are not a denial of each other.
  EXPECT_NE(classify("I don't watch any sports", "I play five-a-side football on Thursdays"),
            C::true_contradiction);
  // Someone else's thing is not the user's (the structural stage says so;
  // the learned fallback may still weigh the pair's cues, at LOW).
  const Verdict w = verdict("I don't drink coffee", "My wife drinks espresso every morning");
  EXPECT_FALSE(w.classification == C::true_contradiction && w.stage == "structural") << w.reasoning;
  EXPECT_NE(w.write_tier, WriteTier::block);
}

TEST(JudgeWorldKnowledge, LivingAloneAndBeingSingleExcludeTheUsersHousematesAndPartners) {
  const Lexicon& lex = test::structural_lexicon();
  for (Pair p : {Pair{"I live alone", "My roommate and I split the rent fifty-fifty"},
                 Pair{"I live by myself", "flatmate Tom left the hob on again"},
                 Pair{"User lives on my own", "my flatmate is loud"},
                 Pair{"I'm single", "My husband and I are hosting his parents this weekend"},
                 Pair{"I'm single", "My wife and I are going to Paris this weekend"}}) {
    const Verdict v = test::verdict_with(lex, p.a, p.b);
    EXPECT_EQ(v.classification, C::true_contradiction) << p.a << " / " << p.b << ": " << v.reasoning;
    EXPECT_NE(v.write_tier, WriteTier::block) << p.a << " / " << p.b;
  }
  // Living alone says nothing of where; with a place, the place is the residence.
  EXPECT_NE(test::verdict_with(lex, "I live alone", "I live in Leeds").classification, C::true_contradiction);
  EXPECT_EQ(test::claim("I live alone in Leeds").slot, "residence");
  EXPECT_EQ(test::claim("I live alone in Leeds").values, std::vector<std::string>{"leeds"});
  EXPECT_NE(test::verdict_with(lex, "I'm single", "My brother and I went fishing").classification,
            C::true_contradiction);
  // A friend of a friend is no one's flatmate: only the user's own count.
  EXPECT_NE(test::verdict_with(lex, "I live alone", "Sam's flatmate is loud").classification,
            C::true_contradiction);
}

TEST(JudgeTime, AStateThatBeganAfterTheMemoryWasSaidIsAChange) {
  // "six months together", said eight months after "I'm single": the
  // relationship began after the memory; said three months after, it was
  // already going on (a contradiction).
  JudgeInput a, b;
  a.text = "I'm single.";
  a.created_at = 1000;
  b.text = "My girlfriend and I celebrated six months together yesterday.";
  b.created_at = 1000 + 240 * kDay;
  EXPECT_EQ(judge(test::structural_lexicon(), a, b).classification, C::temporal_change);
  b.created_at = 1000 + 90 * kDay;
  EXPECT_EQ(judge(test::structural_lexicon(), a, b).classification, C::true_contradiction);
  // A present perfect with "for": "I've been vegan for two years".
  a.text = "I eat steak every weekend";
  b.text = "I've been vegan for two years";
  b.created_at = 1000 + 900 * kDay;
  EXPECT_EQ(judge(test::structural_lexicon(), a, b).classification, C::temporal_change);
  b.created_at = 1000 + 300 * kDay;
  EXPECT_EQ(judge(test::structural_lexicon(), a, b).classification, C::true_contradiction);
  // A past stay says nothing of when a present state began.
  NormalizeContext ctx;
  ctx.created_at = 1000 + 900 * kDay;
  EXPECT_FALSE(normalize(test::lexicon(), "I lived in Rome for two years", ctx).valid_from);
  EXPECT_TRUE(normalize(test::lexicon(), "I've lived in Rome for two years", ctx).valid_from);
}

TEST(JudgeStance, AThingSaidToBeGoodOrBadIsTheSpeakersStanceTowardIt) {
  const Lexicon& lex = test::structural_lexicon();
  expect_all_structural({{"I love jazz.", "jazz is honestly unbearable to me"},
                         {"I hate olives", "olives are delicious"},
                         {"I like running", "running is the worst"}},
                        C::true_contradiction);
  Claim c = test::claim("sushi is absolutely disgusting");
  EXPECT_EQ(c.slot, "like");
  EXPECT_LT(c.stance, 0);
  // Not a report about a project or a person, nor about business against leisure.
  EXPECT_NE(test::verdict_with(lex, "The API is fast", "The API is terrible", MemoryKind::concept_,
                               MemoryKind::concept_).classification, C::true_contradiction);
  EXPECT_EQ(test::verdict_with(lex, "I hate flying for business.", "flying for a holiday is the best").classification,
            C::context_dependent);
}

TEST(JudgeDuplicates, ANameAndWhatItMeansOrAWordForWordRepeatAreDuplicates) {
  const Lexicon& lex = test::structural_lexicon();
  expect_all_structural({{"I'm teetotal", "Doesn't drink alcohol."},
                         {"I don't drink alcohol", "I'm a teetotaler"},
                         {"I'm vegan.", "I don't eat any animal products, fully plant-based."},
                         {"I'm vegetarian", "I don't eat meat"},
                         {"I'm lactose intolerant.", "dairy doesn't agree with me, I'm lactose intolerant"}},
                        C::duplicate);
  // Narrower denials and repeats inside another clause are not.
  EXPECT_NE(test::verdict_with(lex, "I'm vegetarian", "I don't eat pork").classification, C::duplicate);
  EXPECT_NE(test::verdict_with(lex, "I like coffee", "I don't think I like coffee anymore").classification,
            C::duplicate);
  EXPECT_EQ(test::verdict_with(lex, "I'm teetotal", "I had a beer last night").classification,
            C::true_contradiction);
}

TEST(JudgeWorldKnowledge, SubstitutesAndOtherKindsOfInterestAreNotExcluded) {
  EXPECT_NE(classify("I'm vegan", "I drink oat milk every morning"), C::true_contradiction);
  EXPECT_NE(classify("I'm vegetarian", "I love vegan cheese"), C::true_contradiction);
  EXPECT_NE(classify("I'm allergic to cats", "I have a cat allergy"), C::true_contradiction);
  EXPECT_NE(classify("I'm allergic to cats", "I love cats"), C::true_contradiction);
  EXPECT_NE(classify("I'm vegan", "I went to a steakhouse with friends"), C::true_contradiction);
  // A substitute is a finding the learned fallback may not overturn; "free"
  // names one only after what the thing is free of.
  const auto sub = test::structural_verdict("I'm vegetarian", "I love vegan cheese");
  EXPECT_EQ(sub.classification, C::compatible) << sub.reasoning;
  EXPECT_GE(sub.confidence, test::lexicon().med_confidence()) << sub.reasoning;
  EXPECT_EQ(classify("I'm vegetarian", "I love free-range chicken"), C::true_contradiction);
}

TEST(JudgeSecondOpinion, SameTopicPairsWithoutStructuralEvidenceAreLowSoTheCascadeAsksTheLlm) {
  for (Pair p : {Pair{"I wake up at 5am every day", "I'm a night owl and work from midnight to 4am"},
                 Pair{"I'm a professional deep-sea diver", "I have a water phobia"},
                 Pair{"I'm a night owl", "I'm usually asleep by 9pm"},
                 Pair{"I work as a lifeguard", "I can't swim"},
                 Pair{"I don't eat meat", "I had lasagne yesterday"}}) {
    const Verdict v = verdict(p.a, p.b);
    EXPECT_EQ(v.tier, ConfidenceTier::low) << p.a << " / " << p.b << ": " << to_string(v.classification);
    EXPECT_LT(v.confidence, test::lexicon().med_confidence());
  }
}

TEST(JudgeSecondOpinion, PairsWithStructuralEvidenceOrNoSharedTopicStayMed) {
  for (Pair p : {Pair{"I work at Google", "I'm a software engineer"},
                 Pair{"The API listens on port 8080", "The API is written in Go"},
                 Pair{"I'm allergic to cats", "I work at Google"},
                 Pair{"I support Arsenal", "I'm allergic to penicillin"},
                 Pair{"I play the violin", "My dentist appointment is on Friday"}}) {
    const Verdict v = verdict(p.a, p.b);
    EXPECT_NE(v.tier, ConfidenceTier::low) << p.a << " / " << p.b << ": " << v.reasoning;
  }
}

// Problem 4: corrections.
TEST(JudgeCorrections, AConflictingCorrectionIsATrueContradictionAtMedNeverABlock) {
  for (Pair p : {Pair{"I prefer Rust", "Correction: I prefer Go"},
                 Pair{"I prefer Rust", "Actually, I prefer Go"},
                 Pair{"I prefer Rust", "I meant I prefer Go"},
                 Pair{"I prefer Rust", "no wait, I prefer Go"},
                 Pair{"I prefer Rust", "sorry, it's Go"},
                 Pair{"I live in Ghent", "Sorry, I meant I live in Bruges"},
                 Pair{"My favourite band is Queen", "Actually, my favourite band is Abba"},
                 Pair{"I have two cats", "Actually I have three cats"}}) {
    const Verdict v = verdict(p.a, p.b);
    EXPECT_EQ(v.classification, C::true_contradiction) << p.a << " / " << p.b << ": " << v.reasoning;
    EXPECT_EQ(v.tier, ConfidenceTier::med) << p.a << " / " << p.b;
  }
  const Verdict c = verdict("The staging database is MySQL", "No wait, the staging database is PostgreSQL",
                            MemoryKind::concept_, MemoryKind::concept_);
  EXPECT_EQ(c.classification, C::true_contradiction);
  EXPECT_NE(c.write_tier, WriteTier::block);
  EXPECT_EQ(classify("I like Rust", "Actually I also like Go"), C::compatible);
  // Preferences among members of one class exclude each other even when the
  // class does not ("I use Vim and Emacs" can hold).
  EXPECT_EQ(classify("I prefer Vim", "Oops, I prefer Emacs"), C::true_contradiction);
  EXPECT_EQ(classify("I use Vim", "I use Emacs"), C::compatible);
}

TEST(JudgeScopes, AnActivityAfterWhenIsADisjointScope) {
  const Verdict v = verdict("I wear glasses for reading", "I don't wear glasses when driving");
  EXPECT_EQ(v.classification, C::context_dependent) << v.reasoning;
}

// The same thing named in other words on the two sides (probe 7).
TEST(JudgeSameTopic, TypedQuantitiesDecideWhenTheSubjectsAreNamedDifferently) {
  const auto concept_ = MemoryKind::concept_;
  Verdict v = verdict("Redis listens on port 6380 in staging", "Staging's Redis port is 6380", concept_, concept_);
  EXPECT_EQ(v.classification, C::duplicate) << v.reasoning;
  v = verdict("The nightly database backup starts at 02:00 UTC", "Nightly DB backups kick off at 4 a.m. UTC",
              concept_, concept_);
  EXPECT_EQ(v.classification, C::true_contradiction) << v.reasoning;
  v = verdict("The docs portal caps uploads at 25 MB", "Uploads to the docs portal can be up to fifty megabytes",
              concept_, concept_);
  EXPECT_EQ(v.classification, C::true_contradiction) << v.reasoning;
  v = verdict("The billing service listens on port 8443", "Billing runs on port 9443", concept_, concept_);
  EXPECT_EQ(v.classification, C::true_contradiction) << v.reasoning;
  EXPECT_EQ(v.tier, ConfidenceTier::med) << "never a block from words matched this loosely";
  EXPECT_NE(v.write_tier, WriteTier::block);
  v = verdict("Backups in the EU region are retained for 35 days", "In the US region, backups are kept for just 7 days",
              concept_, concept_);
  EXPECT_EQ(v.classification, C::context_dependent) << v.reasoning;
  v = verdict("Max DB connection pool size for the orders API is 20",
              "After the load test we bumped the orders API pool to 50 connections", concept_, concept_);
  EXPECT_EQ(v.classification, C::temporal_change) << v.reasoning;
}

TEST(JudgeSameTopic, StatementsThatRepeatEachOthersWordsAreALowDuplicateStoredBesideTheOther) {
  const auto concept_ = MemoryKind::concept_;
  for (const auto& [a, b, ka] :
       std::initializer_list<std::tuple<const char*, const char*, MemoryKind>>{
           {"The nightly backup job is owned by the storage team", "Storage owns the nightly backup", concept_}}) {
    const Verdict v = verdict(a, b, ka, ka);
    EXPECT_EQ(v.classification, C::duplicate) << a << " / " << b << ": " << v.reasoning;
    EXPECT_EQ(v.tier, ConfidenceTier::low) << "words matched loosely: the cascade may decide";
    EXPECT_EQ(v.action, WriteAction::add) << "an undecided duplicate is not merged away";
  }
  // A flipped polarity, another number or another quantifier is not the same
  // statement.
  for (const auto& [a, b] : std::initializer_list<std::pair<const char*, const char*>>{
           {"The nightly backup job is owned by the storage team", "Storage does not own the nightly backup"},
           {"Our cat is called Pepper", "Pepper is the name of our 2 cats"},
           {"Only admins can delete projects", "Anyone can delete projects"}}) {
    const Verdict v = verdict(a, b, concept_, concept_);
    EXPECT_NE(v.classification, C::duplicate) << a << " / " << b << ": " << v.reasoning;
  }
}

TEST(JudgeSameTopic, ValuesThatExcludeEachOtherContradictWhenTheSubjectsAreNamedDifferently) {
  // "Max, our dog" / "Our dog Max": one thing; a poodle is not a beagle
  // (kinds of dog), so both cannot hold, at LOW: never a block.
  // (Since 2026-11-30 the appositive reads as "our dog Max", so the two
  // subjects are one; the kinds still exclude each other, below HIGH.)
  const Verdict v = verdict("Max, our dog, is a poodle", "Our dog Max is a pure-bred beagle");
  EXPECT_EQ(v.classification, C::true_contradiction) << v.reasoning;
  EXPECT_NE(v.tier, ConfidenceTier::high);
  EXPECT_NE(v.write_tier, WriteTier::block);
  // Not a kind of the same thing: nothing the structure can decide (the
  // learned fallback may guess, at LOW).
  EXPECT_NE(test::structural_verdict("Max, our dog, is a poodle", "Our dog Max is a very good boy").classification,
            C::true_contradiction);
  test::expect_bounded("Max, our dog, is a poodle", "Our dog Max is a very good boy");
}

TEST(JudgeWorldKnowledge, NeverBeenToAPlaceContradictsBeingInItOrInAPartOfIt) {
  for (const auto& [a, b] : std::initializer_list<std::pair<const char*, const char*>>{
           {"I've never been to Japan", "I spent two weeks in Kyoto in 2019"},
           {"I have never been to Portugal", "Last summer I flew to Lisbon"},
           {"I flew to Lisbon last summer", "I have never been to Portugal"}}) {
    const Verdict v = verdict(a, b);
    EXPECT_EQ(v.classification, C::true_contradiction) << a << " / " << b << ": " << v.reasoning;
    EXPECT_EQ(v.tier, ConfidenceTier::low) << "world knowledge: never a block";
  }
  // A wish, or another country, is no contradiction.
  EXPECT_NE(classify("I've never been to Japan", "I want to visit Kyoto next year"), C::true_contradiction);
  EXPECT_NE(classify("I have never been to Portugal", "I spent a week in Madrid"), C::true_contradiction);
}

TEST(JudgeScopes, OneThingSaidInTwoDisjointContextsInOtherWordsIsContextDependent) {
  const auto concept_ = MemoryKind::concept_;
  for (const auto& [a, b] : std::initializer_list<std::pair<const char*, const char*>>{
           {"Enterprise customers get a 99.95% uptime SLA", "Free-tier accounts come with no uptime SLA"},
           {"Outside business hours, on-call has 30 minutes to acknowledge a page",
            "During business hours, pages must be acknowledged within 5 minutes"},
           {"Mobile clients may cache auth tokens for up to 30 days",
            "Web clients must not keep auth tokens beyond the browser session"}}) {
    const Verdict v = verdict(a, b, concept_, concept_);
    EXPECT_EQ(v.classification, C::context_dependent) << a << " / " << b << ": " << v.reasoning;
  }
  // Different things in two contexts: nothing to reconcile (structurally;
  // the learned fallback may guess, at LOW).
  EXPECT_NE(test::structural_verdict("In production the API uses 8 workers", "In staging we keep the logs for a week",
                                     concept_, concept_)
                .classification,
            C::context_dependent);
  test::expect_bounded("In production the API uses 8 workers", "In staging we keep the logs for a week", concept_,
                       concept_);
}

TEST(JudgeSameTopic, DifferentThingsThatShareAWordStayUnrelated) {
  const auto concept_ = MemoryKind::concept_;
  // Every word of neither subject is in the other statement: the structure
  // finds them unrelated (the learned fallback may guess otherwise, at LOW).
  EXPECT_EQ(test::structural_verdict("The billing database listens on port 5432",
                                     "The billing API listens on port 8080", concept_, concept_)
                .classification,
            C::unrelated);
  test::expect_bounded("The billing database listens on port 5432", "The billing API listens on port 8080", concept_,
                       concept_);
  EXPECT_EQ(test::structural_verdict("The API timeout is 30 seconds", "The database backup runs for 30 seconds",
                                     concept_, concept_)
                .classification,
            C::unrelated);
  test::expect_bounded("The API timeout is 30 seconds", "The database backup runs for 30 seconds", concept_,
                       concept_);
}

TEST(JudgeSameTopic, WithoutQuantitiesCuesOrRulesTheVerdictIsLowForTheCascade) {
  const auto concept_ = MemoryKind::concept_;
  const Verdict v = verdict("Rahul is one of the SDK maintainers", "The SDK is maintained by a team of four",
                            concept_, concept_);
  if (v.classification == C::compatible) {
    EXPECT_EQ(v.tier, ConfidenceTier::low) << v.reasoning;
  } else {
    EXPECT_NE(v.classification, C::true_contradiction) << v.reasoning;
  }
}

TEST(JudgeSameTopic, TypedQuantitiesOfTheSameSubjectDecideWhenTheSlotsAreWordedDifferently) {
  const auto concept_ = MemoryKind::concept_;
  Verdict v = verdict("Payments on-call shifts last one week", "Payments on-call shifts are fourteen days long",
                      concept_, concept_);
  EXPECT_EQ(v.classification, C::true_contradiction) << v.reasoning;
  EXPECT_NE(v.write_tier, WriteTier::block);
  v = verdict("The nightly ETL job runs at 02:00 UTC", "The nightly ETL job kicks off at 2am UTC", concept_, concept_);
  EXPECT_EQ(v.classification, C::duplicate) << v.reasoning;
  EXPECT_EQ(classify("I'm 1.82 m tall", "I'm 182 cm tall"), C::duplicate);
  // Synonyms in a class of exclusive values are one value; other members exclude each other.
  EXPECT_NE(test::structural_verdict("Security training must be renewed annually",
                                     "Security training must be renewed yearly").classification,
            C::true_contradiction);
  EXPECT_EQ(test::structural_verdict("Security training must be renewed annually",
                                     "Security training must be renewed monthly").classification,
            C::true_contradiction);
  // Two different known attributes with numbers stay compatible.
  EXPECT_NE(verdict("The API listens on port 8080", "The API timeout is 30 seconds", concept_, concept_).classification,
            C::true_contradiction);
}

TEST(JudgeFigurative, HyperboleOfSizeTimeAndDistance) {
  EXPECT_EQ(classify("My laptop weighs 1.3 kg", "My laptop weighs a ton"), C::figurative);
  EXPECT_EQ(classify("My sister lives in Porto", "My sister lives on the other side of the planet"),
            C::figurative);
}

TEST(JudgeFigurative, EverydayIdiomsOfAgeMoneyWorkAndMood) {
  expect_all_structural({{"Grandma turns 84 in May", "My grandma is older than dirt"},
                         {"I have 6 open bugs", "I've got a bazillion bugs to fix"},
                         {"I work 35 hours a week", "I'm snowed under at work"},
                         {"I have no children", "I'm a proud dog mom"},
                         {"I earn a good salary", "I'm flat broke until payday"}},
                        C::figurative);
  // A chronotype said with an idiom's words is a literal trait.
  EXPECT_FALSE(test::claim("I'm a night owl").figurative);
  EXPECT_FALSE(test::claim("I'm crushing garlic for dinner").figurative);
}

// Two statements that name the same product, service or company (a word
// WordNet does not know) are about one thing, whatever the parse found as
// each subject: versions, cues and opposing rules then decide.
TEST(JudgeRules, ASharedNameLinksStatementsWithDifferentSubjects) {
  expect_all({{"Prod database is Postgres 15", "We run PostgreSQL 13 in production"}}, C::true_contradiction);
  expect_all({{"Our primary datastore is MySQL 8", "We finished migrating off MySQL, everything's on Postgres now"},
              {"My phone plan is with Verizon", "I ported my number over to T-Mobile, no longer with Verizon"}},
             C::temporal_change);
  // Never HIGH: a shared name is weaker evidence than a shared subject.
  EXPECT_NE(verdict("Prod database is Postgres 15", "We run PostgreSQL 13 in production").write_tier, WriteTier::block);
  // Another person's things are their own.
  EXPECT_NE(classify("My dad drives a Subaru", "I sold my Subaru"), C::true_contradiction);
}

// A subject word named on the other side plus a measure of one unit on both
// sides: the same setting in other words, compared by amount (never HIGH).
TEST(JudgeRules, AMeasureAndASharedSubjectWordLinkASetting) {
  expect_all({{"Session tokens expire after 24 hours", "auth sessions have a 12h TTL"}}, C::true_contradiction);
  expect_all({{"Session tokens expire after 24 hours", "Auth sessions have a 24h TTL"}}, C::duplicate);
  EXPECT_NE(verdict("Session tokens expire after 24 hours", "auth sessions have a 12h TTL").write_tier,
            WriteTier::block);
  // Bare numbers are not measures: a shared word alone does not link them
  // (the rule; the learned fallback may weigh the differing numbers, at LOW).
  EXPECT_NE(test::structural_verdict("The session service has 3 replicas", "Auth sessions are kept on 5 nodes")
                .classification,
            C::true_contradiction);
  test::expect_bounded("The session service has 3 replicas", "Auth sessions are kept on 5 nodes");
}

TEST(JudgeRules, TheOneMeasureOfATextCountsWhenTheParseMissedIt) {
  // The incoming measure sits in a phrase the parse did not read as the value.
  const Verdict v = verdict("The API gateway's request timeout is 30 seconds",
                            "Requests through the gateway time out after 45s", MemoryKind::concept_,
                            MemoryKind::concept_);
  EXPECT_EQ(v.classification, C::true_contradiction);
  EXPECT_NE(v.reasoning.find("45s"), std::string::npos) << v.reasoning;
  EXPECT_NE(v.write_tier, WriteTier::block);
  EXPECT_EQ(verdict("The Redis cache TTL is 300 seconds", "Entries in the Redis cache expire after five minutes",
                    MemoryKind::concept_, MemoryKind::concept_)
                .classification,
            C::duplicate);
  // Two measures in one text: which one is meant is not known, so the
  // structure claims no value conflict (the learned fallback may guess, at LOW).
  const char* ttl = "The Redis cache TTL is 300 seconds";
  const char* two_measures = "Entries in the Redis cache expire after ten minutes, or 20 minutes when idle";
  EXPECT_NE(test::structural_verdict(ttl, two_measures, MemoryKind::concept_, MemoryKind::concept_).classification,
            C::true_contradiction);
  test::expect_bounded(ttl, two_measures, MemoryKind::concept_, MemoryKind::concept_);
}

TEST(JudgeRules, ACopulaReadBothWaysRoundIsADuplicate) {
  const Verdict v = verdict("My hometown is Leeds", "Leeds is my hometown");
  EXPECT_EQ(v.classification, C::duplicate);
  EXPECT_NE(v.reasoning.find("leeds"), std::string::npos) << v.reasoning;
  EXPECT_NE(classify("My hometown is Leeds", "York is my hometown"), C::duplicate);
  // "X is the name of Y" names Y's name: the pets' names are compared.
  EXPECT_EQ(classify("Our cat is called Pepper", "Pepper is the name of our cat"), C::duplicate);
  EXPECT_EQ(classify("Our dog is called Rufus", "Max is the name of our dog"), C::true_contradiction);
}

TEST(JudgeRules, WhatIsInTheSpeakersHomeIsWhatTheyHave) {
  EXPECT_EQ(classify("There are no pets in our house", "gotta walk my dog Pepper before work, brb"),
            C::true_contradiction);
  EXPECT_EQ(classify("No pets in our house.", "Our cat Miso loves the sofa"), C::true_contradiction);
  EXPECT_EQ(classify("No pets in our house.", "We adopted a rescue cat named Tofu on Saturday."),
            C::temporal_change);
  EXPECT_EQ(classify("There's a piano in our flat", "I own a piano"), C::duplicate);
  // Not the speaker's home: no possession (the structure finds no
  // opposition; the fallback may weigh the words, at LOW).
  EXPECT_NE(test::structural_verdict("There are no pets in the office", "Walking my dog Pepper before work").classification,
            C::true_contradiction);
  test::expect_bounded("There are no pets in the office", "Walking my dog Pepper before work");
}

TEST(JudgeRules, AnExplicitPastMarkerOnAStatementNamingTheValueEndsIt) {
  const Verdict v = verdict("CI runs on Jenkins", "We used to run CI on Jenkins; every pipeline is on GitHub Actions now",
                            MemoryKind::concept_, MemoryKind::concept_);
  EXPECT_EQ(v.classification, C::temporal_change);
  EXPECT_EQ(classify("I live in Leeds", "I used to live in Leeds"), C::temporal_change);
  // Without the value named, or without a past marker, nothing is ended.
  EXPECT_NE(classify("I live in Leeds", "I used to live in York"), C::temporal_change);
  EXPECT_NE(classify("I live in Leeds", "I lived in Leeds for a while as a student, then stayed"),
            C::temporal_change);
}

TEST(JudgeRules, AClaimOnTheWholeCalendarLeavesNoRoomForAnotherPlace) {
  const Verdict v = verdict("I work from home full time.", "I'm in the office every day, five days a week.");
  EXPECT_EQ(v.classification, C::true_contradiction);
  EXPECT_NE(v.write_tier, WriteTier::block);
  // A habit inside one context is not a claim on the calendar.
  EXPECT_EQ(classify("At home I drink my coffee black", "At the office I always add oat milk to my coffee"),
            C::context_dependent);
  EXPECT_EQ(classify("I work from home on Mondays", "I'm in the office on Tuesdays"), C::context_dependent);
}

// A cue that ends or replaces something, in a statement whose parse found
// another subject, still changes what the existing memory names when the
// two share a word; never for an event, a negated cue or a cue that is the
// subject's own noun.
TEST(JudgeRules, AnEndingCueOnAThingTheMemoryNamesIsAChangeWhateverTheSubjects) {
  expect_all({{"My usual lunch is a chicken wrap", "Ever since the diet I've switched to salads for lunch"},
              {"I commute by tram every day", "no more tram for me, I've been cycling in since I got the new bike"},
              {"Session tokens are signed with HS256.", "we switched token signing over to RS256 last sprint"}},
             C::temporal_change);
  JudgeInput a, b;
  a.text = "Berlin Marathon on September 24: I crossed the line in 4 hours 5 minutes.";
  a.kind = b.kind = MemoryKind::episode;
  b.text = "finished berlin sept 24th in 4:05!!";
  EXPECT_NE(judge(test::lexicon(), a, b).classification, C::temporal_change);
  for (const Pair& p : {Pair{"The storage on-call got four pages this week",
                             "The storage pager hasn't stopped screaming since Tuesday"},
                        Pair{"In an emergency, admins may skip code review",
                             "outside emergencies every change must get a code review"},
                        // "currently" contrasts with another time, it ends nothing
                        Pair{"Feature toggles are managed in Unleash.",
                             "The dark-mode toggle is currently on for 10% of users."}}) {
    const Verdict v = verdict(p.a, p.b);
    EXPECT_NE(v.classification, C::temporal_change) << p.a << " / " << p.b << ": " << v.reasoning;
  }
}

// "currently", "now", "these days" only contrast with another time: on their
// own they change nothing another slot of the same subject says, and a verb's
// participle after "is" is no state to compare with a kind of store or thing.
// A cue naming when the new state began still does.
TEST(JudgePrecision, AContrastWordAloneChangesNothingAnotherSlotSays) {
  const std::initializer_list<Pair> other_slot = {
      {"Backups are stored in S3.", "The nightly backup is currently encrypted with KMS."},
      {"My bike is a Trek.", "My bike is currently in the shop for repairs."},
      {"Secrets are stored in Vault.", "The payments secret is currently rotated every week."},
      {"Secrets are stored in Vault.", "The payments secret is rotated every week."}};
  // The structure finds another respect of one thing; the learned fallback
  // may weigh such a pair as unrelated (labels.md: another slot), never as a
  // change or a contradiction.
  expect_all_structural(other_slot, C::compatible);
  for (const auto& p : other_slot) {
    const Verdict v = verdict(p.a, p.b);
    EXPECT_NE(v.classification, C::temporal_change) << p.a << " / " << p.b << ": " << v.reasoning;
    EXPECT_NE(v.classification, C::true_contradiction) << p.a << " / " << p.b << ": " << v.reasoning;
  }
  expect_all({{"I drive a Ford Focus.", "I've been driving a Tesla since June."},
              {"The CI pipeline runs on Jenkins.", "As of this sprint the CI pipeline runs on GitHub Actions."}},
             C::temporal_change);
}

// Words of one topic in other words (relatedness.hpp: "suit" / "jeans" are
// both clothing, "Nairobi" / "Mombasa" both Kenyan cities) put two claims on
// one topic the way a shared word does: in disjoint contexts they are
// context dependent, otherwise compatible; two different topics stay
// unrelated.
TEST(JudgeRules, WordsOfOneTopicInOtherWordsShareATopic) {
  expect_all_structural({{"On client visits I always wear a suit.",
                          "Day to day at the office it's jeans and a t-shirt for me."}},
                        C::context_dependent);
  expect_all_structural({{"I was born in Nairobi.", "Spent my whole childhood in Mombasa."}}, C::compatible);
  expect_all_structural({{"I play the violin", "My dentist appointment is on Friday"},
                         {"On client visits I always wear a suit.", "Our dentist is on Elm Street."}},
                        C::unrelated);
}

// The user on one side and a thing on the other, with words of one topic:
// compatible at LOW (the thing is likely the user's), not unrelated; with no
// word of one topic they stay unrelated.
TEST(JudgeRules, TheUserAndAThingOfTheSameTopicAreCompatible) {
  for (const Pair& p : {Pair{"I enjoy Thai food", "Green curry is my go-to takeaway"},
                        Pair{"I love dogs", "Our cat sleeps on the radiator all winter"}}) {
    const Verdict v = test::verdict_with(test::structural_lexicon(), p.a, p.b);
    EXPECT_EQ(v.classification, C::compatible) << p.a << " / " << p.b << ": " << v.reasoning;
    EXPECT_EQ(v.tier, ConfidenceTier::low);
    EXPECT_EQ(v.write_tier, WriteTier::clean);
  }
  expect_all_structural({{"I enjoy Thai food", "The staging cluster is reset every Sunday"}}, C::unrelated);
}

TEST(JudgeRules, ARelationAndTheSameRelationWithANameAreOnePerson) {
  // "Sister (Leena)" / "my sister Leena": one person, so two homes contradict.
  const Verdict v = verdict("Sister (Leena) lives in Tampere, Finland.", "my sister Leena's flat is in Lisbon.");
  EXPECT_EQ(v.classification, C::true_contradiction) << v.reasoning;
  EXPECT_NE(v.write_tier, WriteTier::block);  // fuzzy: the user may have two sisters
  EXPECT_EQ(classify("Grandma was born in Naples.", "My grandmother Rosa was born and raised in Palermo."),
            C::true_contradiction);
  // Two relations with names are not one person.
  EXPECT_NE(classify("My grandfather Joe lives in Leeds.", "My grandfather Tom lives in York."),
            C::true_contradiction);
}

TEST(JudgeRules, AMeasureAnywhereInTheTextNamesTheSameSetting) {
  // The measure is in an adjunct the parse did not take for the value ("files
  // of up to fifty megabytes"); a word of the other's subject and a measure of
  // one unit on both make one setting.
  expect_all_structural({{"The upload size limit is 10 MB.", "Users can upload files of up to fifty megabytes."},
                         {"The session cache TTL is 15 minutes.",
                          "Session entries stay in the cache for 60 minutes before eviction."}},
                        C::true_contradiction);
  expect_all_structural({{"Max upload size: 25 MB.", "Users can't upload any file larger than 25 megabytes."}},
                        C::duplicate);
  // Measures of different units share no setting: no conflict, no restatement.
  for (const C c : {C::true_contradiction, C::duplicate, C::temporal_change})
    EXPECT_NE(test::structural_verdict("The upload size limit is 10 MB.", "Uploads are scanned within 5 minutes.")
                  .classification,
              c);
}

TEST(JudgeRules, ADatedChangeToAnotherContextReplacesTheOld) {
  // "moving to Thursdays from now on": the sync moved, it is not held on both days.
  expect_all_structural({{"The weekly infra sync is on Tuesday at 10.",
                          "heads up: weekly infra sync is moving to Thursdays from now on"},
                         {"I lift weights at the gym on Mondays, Wednesdays and Fridays.",
                          "I've moved my lifting days to Tuesday and Thursday since the gym changed its hours."}},
                        C::temporal_change);
  expect_all_structural({{"I work from the office every day",
                          "Since the company went fully remote I've worked from home full time"}},
                        C::temporal_change);
  // A habit in another context stays context dependent, a stop verb included.
  expect_all_structural({{"I work late on Mondays", "I leave early on Fridays"},
                         {"I use dark mode for coding.", "For client presentations I switch my screen to light mode."}},
                        C::context_dependent);
}

TEST(JudgeRules, AMeasureAnywhereInTheTextOfOneSubjectsStatements) {
  // The same subject, its measure outside the value the parse took.
  expect_all_structural({{"Max upload size on the docs portal is 2 GiB.",
                          "docs-portal caps each uploaded file at 512 MiB."}},
                        C::true_contradiction);
  expect_all_structural({{"I usually go to bed around 11pm.", "lights out at 23:00 most nights"}}, C::duplicate);
}

TEST(JudgeRules, AValueWithinABoundKeepsIt) {
  // One side a bound, the other a plain amount that keeps it: both hold.
  expect_all_structural({{"Checkout p99 latency must stay under 400 ms.",
                          "checkout p99 sat at 310 ms through the whole Black Friday peak"},
                         {"The gateway enforces TLS 1.2 or higher.",
                          "Most clients end up negotiating TLS 1.3 with the gateway."}},
                        C::compatible);
  // A time of day "by", "before" or "after" another bounds it, in either
  // reading of a time said without am or pm.
  expect_all_structural({{"I'm in bed by 11", "I go to bed at 10:30pm"},
                         {"I'm up before 6am on weekdays", "I get up at 5:15 on weekdays"},
                         {"Mia has to be home by 9pm on school nights.", "Mia got in at quarter to nine"},
                         {"Leaves the office by 5:30", "I leave the office at 5pm"},
                         {"I'm in bed by midnight", "I go to bed at 11pm"}},
                        C::compatible);
  // An amount outside the bound, or two limits that differ, contradict.
  expect_all_structural({{"Checkout p99 latency must stay under 400 ms.", "checkout p99 sat at 520 ms all week"},
                         {"The upload size limit is 10 MB.", "Users can upload files of up to fifty megabytes."},
                         {"I'm in bed by 10pm", "I go to bed at 11:30pm"},
                         {"I'm in bed by 11pm", "I go to bed at 1am"},
                         // (Review: two times without am or pm read alike; a bound
                         // keeps ten hours on its side; a bound of another amount
                         // in the text bounds that amount.)
                         {"I'm in bed by 11", "I go to bed at 11:30"},
                         {"I'm home by 3am", "I get home at 5am"},
                         {"I'm up by 6am", "I'm up at 7pm"},
                         {"I wake at 7am and have coffee within 10 minutes", "I wake at 6am"},
                         {"Timeout is 30 seconds, retries at most 5", "Timeout is 20 seconds"}},
                        C::true_contradiction);
  // Of other amounts "by" is a difference, no bound.
  expect_all_structural({{"Q3 revenue grew by 5%.", "revenue was up 3% in Q3"}}, C::true_contradiction);
}

TEST(JudgeRules, ASumPerMonthIsTheSameSumPerYear) {
  // One sum said per two periods is one sum; a different sum still differs.
  expect_all({{"Our gym membership is £45 a month.", "the gym costs us 540 quid a year"},
              {"Cloud spend: $96,000 per year", "we're burning about 8k a month on AWS, all of it cloud spend"},
              {"I pay £60 a week for the allotment shed rent", "shed rent comes to £3,120 annually"}},
             C::duplicate);
  expect_all_structural({{"The gym membership is £45 a month.", "The gym membership is £700 a year."}},
                        C::true_contradiction);
  expect_all_structural({{"The gym membership is £45 a month.", "The gym membership is £540 a year."}},
                        C::duplicate);
  // (Review: a sum paid twice a period, a sum within a tenth where a word
  // elsewhere hedges, a second amount that differs, or another thing paid
  // for is no restatement.)
  for (const Pair& p : {Pair{"I pay £50 twice a month for cleaning", "I pay £600 a year for cleaning"},
                        Pair{"Rent is £900 a month, almost double what I paid in Leeds", "rent is £10,000 a year"},
                        Pair{"The server listens on port 8080 and costs $10 a day",
                             "The server listens on port 9090 and costs $3,650 a year"},
                        Pair{"Rent is £900 a month", "Council tax is £10,800 a year"}})
    EXPECT_NE(test::verdict_with(test::structural_lexicon(), p.a, p.b).classification, C::duplicate)
        << p.a << " / " << p.b;
  // "a year ago" names no period of the sum.
  EXPECT_NE(test::verdict_with(test::structural_lexicon(), "The gym membership is £45 a month.",
                               "a year ago the gym membership was £540")
                .classification,
            C::duplicate);
}

TEST(JudgeRules, ACountOfWhatTheOtherSideNamesIsItsNumber) {
  // "max 40 connections" / "capped at 25 connections": 40 against a count of 25.
  expect_all_structural({{"Billing DB connection pool: max 40 connections.",
                          "billing's pool is capped at 25 connections"},
                         {"The data team's monthly cloud budget is $40,000.",
                          "The data team may spend up to 25,000 US dollars a month on cloud."}},
                        C::true_contradiction);
  // A value inside a stated range keeps it.
  expect_all_structural({{"The worker fleet autoscales between 2 and 10 instances.",
                          "worker fleet peaked at 7 instances during last night's evening rush"}},
                        C::compatible);
}

TEST(JudgeRules, TheDayOfAScheduledThingIsItsValue) {
  // A weekly meeting on two days contradicts; the day is when it is, not a context.
  expect_all_structural({{"Our weekly team meeting is on Tuesdays.", "The team's weekly sync happens every Thursday."},
                         {"Primary on-call handover happens on Mondays", "On-call handoff is every Thursday"}},
                        C::true_contradiction);
  // A time on each day makes the days contexts; people's habits are theirs to vary.
  expect_all_structural({{"Weekday dinners are at 6pm.", "Sunday dinner is at 2pm."}}, C::context_dependent);
  EXPECT_NE(classify("I go swimming on Mondays.", "I go swimming on Thursdays."), C::true_contradiction);
  // A conflict the slots find already keeps its confidence (and its block).
  EXPECT_EQ(verdict("The deploy window is Tuesday", "The deploy window is Wednesday").write_tier, WriteTier::block);
}

TEST(JudgeRules, AHyperboleAgainstAMeasuredFactIsFigurative) {
  expect_all_structural({{"My commute takes an eternity.", "door to door it's 35 minutes to the office"},
                         {"Only three microservices.", "There are a gazillion services here."}},
                        C::figurative);
  // With nothing measured and nothing in common they stay unrelated.
  expect_all_structural({{"My commute takes an eternity.", "Our dentist is on Elm Street."}}, C::unrelated);
}

TEST(JudgeRules, WhereAThingSitsIsItsLocation) {
  expect_all_structural({{"Production's primary database lives in eu-central-1 (Frankfurt).",
                          "The primary prod DB sits in Ireland."}},
                        C::true_contradiction);
  // A person's seat is no location of a system.
  EXPECT_NE(test::claim("I sit in the back row at work.").slot, "location");
}

TEST(JudgeRules, ANameWithAndWithoutItsAccentsIsOneValue) {
  expect_all_structural({{"My mother lives in Kraków.", "Mum lives in Krakow."},
                         {"Our office is in Zürich.", "The office is in Zurich."}},
                        C::duplicate);
}

TEST(JudgeRules, HedgedAmountsRoundedInTwoUnitsAreOne) {
  expect_all_structural({{"My parents live about 5 km from us.", "Mum and Dad are roughly three miles away from our place."}},
                        C::duplicate);
  // A wide gap is two values, hedged or not.
  expect_all_structural({{"My parents live about 5 km from us.", "Mum and Dad are roughly ten miles away from our place."}},
                        C::true_contradiction);
}

TEST(JudgeRules, BoundsReadMinutesAndThousandsRight) {
  // "min" is minutes, not a minimum: a value within the bound keeps it.
  expect_all_structural({{"The nightly job must finish in under 20 min.", "The nightly job takes 12 min."},
                         {"The worker fleet autoscales between 2,000 and 5,000 instances.",
                          "worker fleet peaked at 3,000 instances last night"}},
                        C::compatible);
  expect_all_structural({{"The worker fleet autoscales between 2,000 and 5,000 instances.",
                          "worker fleet peaked at 3 instances last night"}},
                        C::true_contradiction);
}

TEST(JudgeRules, RentingAHomeExcludesOwningOne) {
  // exclusions.txt: slot:rent~ (a rented value that is a home).
  expect_all_structural({{"We rent our flat.", "We own our house."},
                         {"I own my apartment.", "I rent a one-bedroom flat."}},
                        C::true_contradiction);
  // Renting something else says nothing of the home.
  EXPECT_NE(test::structural_verdict("I rent a car.", "I own a house.").classification, C::true_contradiction);
  // Buying one after renting is a change.
  EXPECT_EQ(test::structural_verdict("We rent a flat.", "We bought a house last month.").classification,
            C::temporal_change);
}

TEST(JudgeRules, ADenialAgainstAnUnknownOrSharedKindIsALowContradiction) {
  // One verb, one subject: a thing WordNet does not know, or one that shares
  // a word with the denied thing, is most often a kind of it.
  for (const auto& [a, b] : std::vector<std::pair<const char*, const char*>>{
           {"I've never smoked a single cigarette.", "I smoke about a pack of cigarettes a day."},
           {"I've never owned an electric guitar.", "I own a Stratocaster."}}) {
    const Verdict v = test::structural_verdict(a, b);
    EXPECT_EQ(v.classification, C::true_contradiction) << a << " / " << b;
    EXPECT_EQ(v.tier, ConfidenceTier::low) << a << " / " << b;
    EXPECT_NE(v.write_tier, WriteTier::block) << a << " / " << b;
  }
  // Two things WordNet knows, neither a kind of the other, are two things.
  EXPECT_NE(test::structural_verdict("I don't eat meat", "I had a salad").classification, C::true_contradiction);
}

TEST(JudgeWorldKnowledge, DenyingWhatAHolderMeansIsBeingTheHolder) {
  // exclusions.txt: teetotaler means "not drink alcohol"; a glass of red is wine.
  expect_all_structural({{"I don't drink alcohol, never have", "had three pints with the lads after five-a-side tonight"},
                         {"I never drink alcohol.", "Had two glasses of Malbec with dinner last night."},
                         {"Does not drink alcohol, ever.", "I always order a bottle of red with dinner."}},
                        C::true_contradiction);
  // What it once was is no holder now.
  EXPECT_NE(test::structural_verdict("I didn't drink alcohol back in college.", "I have a pint most Fridays.").classification,
            C::true_contradiction);
}

TEST(JudgeRules, AFavouriteAgainstADislikeOfItContradicts) {
  expect_all_structural({{"I can't stand horror films.", "horror is my favourite genre, I watch one every weekend"},
                         {"User dislikes golf and refuses to play it.", "Golf's my favourite way to spend a Sunday."},
                         {"Can't stand cilantro at all.", "Cilantro is my favourite herb."}},
                        C::true_contradiction);
  // A liking and a favourite agree.
  EXPECT_NE(test::structural_verdict("I love golf.", "Golf's my favourite way to spend a Sunday.").classification,
            C::true_contradiction);
  const Verdict v = test::structural_verdict("I can't stand olives.", "Olives are honestly my favourite snack.");
  EXPECT_NE(v.reasoning.find("favourite"), std::string::npos) << v.reasoning;
}

TEST(JudgeRules, ANameWithItsCityBeforeItIsTheName) {
  expect_all_structural({{"I support the Boston Celtics.", "I root for the Celtics"}}, C::duplicate);
  // A place inside another stays more specific.
  EXPECT_NE(test::structural_verdict("I live in Austin, Texas.", "I live in Texas.").classification, C::duplicate);
}

TEST(JudgeRules, AMeasureAgainstAWordOnOneSlotIsNoConflict) {
  // How long a commute takes and how it is made are two things.
  EXPECT_NE(test::structural_verdict("User's commute is 45 minutes.", "I commute by bike.").classification,
            C::true_contradiction);
  // Two floors, one an ordinal, still exclude each other.
  expect_all_structural({{"My flat is on the third floor.", "we're on the ground floor so hauling the bike inside is easy"}},
                        C::true_contradiction);
}

TEST(JudgeRules, ReviewMendsKeepTheSessionsRulesToWhatTheyMean) {
  // A favourite colour against a dislike of a thing of that colour.
  EXPECT_NE(test::structural_verdict("I don't like red wine.", "My favourite colour is red.").classification,
            C::true_contradiction);
  EXPECT_NE(test::structural_verdict("I hate chocolate cake.", "My favourite dessert is chocolate mousse.").classification,
            C::true_contradiction);
  // A shared modifier, or a broader affirmed thing, is no low contradiction.
  EXPECT_NE(test::structural_verdict("I don't eat red meat.", "I eat red peppers.").classification,
            C::true_contradiction);
  EXPECT_NE(test::structural_verdict("I never watch horror films.", "I watch films with my kids.").classification,
            C::true_contradiction);
  // Letting a flat out is owning it.
  EXPECT_NE(test::structural_verdict("I rent out my flat.", "I own a flat.").classification, C::true_contradiction);
  // A disagreement is no diet.
  EXPECT_NE(test::structural_verdict("I work night shifts.", "The night shift doesn't agree with me.").classification,
            C::true_contradiction);
  // An amount said in words still compares.
  EXPECT_EQ(test::structural_verdict("My commute is 45 minutes.", "My commute is an hour.").classification,
            C::true_contradiction);
}

TEST(JudgeRules, AStanceTowardOneNameSaysNothingOfAnother) {
  // The low denial-against-affirmation contradiction is not for likes of two names.
  for (const auto& [a, b] : std::vector<std::pair<const char*, const char*>>{{"I hate Honda", "I like Toyota"},
                                                                             {"I hate Nike", "I like Adidas"}})
    EXPECT_NE(test::structural_verdict(a, b).classification, C::true_contradiction) << a << " / " << b;
}

TEST(JudgeRules, ADenialInAContextOfItsOwnIsNoDenialInGeneral) {
  // The denial names a context the affirmation does not: both can hold.
  for (const auto& [a, b] : std::vector<std::pair<const char*, const char*>>{
           {"I hate running on treadmills.", "I love running outdoors, trails especially"},
           {"Hates driving in the city.", "Loves long highway drives."}})
    EXPECT_EQ(test::structural_verdict(a, b).classification, C::context_dependent) << a << " / " << b;
  // Without the context the denial covers the other.
  EXPECT_EQ(test::structural_verdict("I hate running.", "I love running outdoors, trails especially").classification,
            C::true_contradiction);
}

TEST(JudgeRules, AWordWithASynonymOnTheOtherSideIsNoDifference) {
  // "fixed" / "repaired" say one thing; what is left ("silenced" / "muted")
  // is no difference either.
  EXPECT_NE(test::structural_verdict("Flaky tests must be fixed or silenced within one week.",
                                     "Any test that flakes has to be repaired or muted within 7 days.")
                .classification,
            C::true_contradiction);
}

TEST(JudgeRules, TwoNumbersOfOneNameExcludeEachOther) {
  // One name with two version numbers, or a bare number against it.
  for (const auto& [a, b] : std::vector<std::pair<const char*, const char*>>{
           {"The payments service uses Python 3.11", "The payments service uses Python 3.9"},
           {"The production database runs Postgres 14.", "prod db is on Postgres 16"},
           {"The mobile app's minimum supported iOS version is 15.", "We support iOS 13 and up on the mobile app."}})
    EXPECT_EQ(test::structural_verdict(a, b).classification, C::true_contradiction) << a << " / " << b;
  // The same name and number is one value.
  EXPECT_EQ(test::structural_verdict("My favourite film is Paddington 2", "Paddington 2 is my all-time favorite movie")
                .classification,
            C::duplicate);
}

TEST(JudgeRules, StatementsInContextsOfOneDimensionThatDifferAreContextDependent) {
  // Each qualified by its own context of one dimension, about one thing the
  // parse could not line up.
  for (const auto& [a, b] : std::vector<std::pair<const char*, const char*>>{
           {"My partner handles bedtime on weekdays.", "On Saturdays and Sundays I'm the one doing bedtime."},
           {"Keeps the phone on silent at work.", "At home my phone is always on full volume so I don't miss Mum's calls."}})
    EXPECT_EQ(test::structural_verdict(a, b).classification, C::context_dependent) << a << " / " << b;
  // Nothing in common but the dimension: unrelated.
  EXPECT_EQ(test::structural_verdict("I go climbing on Mondays.", "Deploys are frozen on Fridays.").classification,
            C::unrelated);
}

TEST(JudgeRules, APlaceAndASettingAreBothWhere) {
  // "at the gym" (a place) and "at home" (a setting) are two contexts of one dimension.
  for (const auto& [a, b] : std::vector<std::pair<const char*, const char*>>{
           {"I blast heavy metal at the gym.", "At home I can only handle quiet classical music."},
           {"At my parents' house I'm always the one who cooks.", "At home my husband does all the cooking."}})
    EXPECT_EQ(test::structural_verdict(a, b).classification, C::context_dependent) << a << " / " << b;
}

TEST(JudgeRules, ACueThatMovesNothingBetweenTwoContextsIsNoChange) {
  for (const auto& [a, b] : std::vector<std::pair<const char*, const char*>>{
           {"Debug logging is enabled in the staging environment.", "We keep debug logs switched off in production."},
           {"We keep the heating at 20°C during the day.", "the heating gets turned down to 16 at night"}})
    EXPECT_EQ(test::structural_verdict(a, b).classification, C::context_dependent) << a << " / " << b;
  // A cue that moves one context to another is a change.
  for (const auto& [a, b] : std::vector<std::pair<const char*, const char*>>{
           {"I volunteer at the food bank every Tuesday.", "From this month my food bank shift moves to Thursdays."},
           {"The weekly release train leaves every Tuesday",
            "Starting next quarter, releases will go out on Wednesdays instead of Tuesdays"}})
    EXPECT_EQ(test::structural_verdict(a, b).classification, C::temporal_change) << a << " / " << b;
}

TEST(JudgeRules, ANoteOfARelationsNameNamesTheRelation) {
  // "Wife's name is Priya" (a note without "my") against "My wife, Anjali, ...".
  EXPECT_EQ(test::structural_verdict("Wife's name is Priya.", "My wife, Anjali, says hi.").classification,
            C::true_contradiction);
  EXPECT_NE(test::structural_verdict("Wife's name is Priya.", "My wife, Priya, says hi.").classification,
            C::true_contradiction);
}

TEST(JudgeRules, MovedToAnotherContextIsAChange) {
  EXPECT_EQ(test::structural_verdict("Sophie's ballet class is Saturday mornings.",
                                     "From next term, Sophie's ballet moves to Sunday afternoons.")
                .classification,
            C::temporal_change);
  // A range of months is a second context, not a move.
  EXPECT_EQ(test::structural_verdict("Swims in the lake every day in summer.",
                                     "From November to April I don't go anywhere near the lake.")
                .classification,
            C::context_dependent);
}

TEST(JudgeRules, AHoldersOwnStatementIsNoThingConsumed) {
  // "Being coeliac, I can't eat wheat" tells the condition; its words are no wheat eaten.
  EXPECT_NE(test::structural_verdict("I've been gluten-free for years because of coeliac disease.",
                                     "Being coeliac, I can't eat wheat, barley or rye.")
                .classification,
            C::true_contradiction);
  // A word the other side says as a kind of it is no difference ("mates" are friends).
  EXPECT_NE(test::structural_verdict("My birthday is on the 14th of March, so my friends always bring pies.",
                                     "Being born on March 14 means every year my mates turn up with pies.")
                .classification,
            C::true_contradiction);
}

TEST(JudgeRules, ReviewMendsOfTheThirtiethKeepOrdinarySentencesApart) {
  // None of these is a contradiction or a change.
  for (const auto& [a, b] : std::vector<std::pair<const char*, const char*>>{
           {"I don't have diabetes", "My doctor never said I have diabetes"},
           {"I'm not allergic to nuts", "Nobody says I'm allergic to nuts"},
           {"I'm not lazy", "Who says I'm lazy?"},
           {"I'm not lactose intolerant", "My mum reckons I'm lactose intolerant"},
           {"My employer is Acme", "My employer is very flexible about remote work"},
           {"My religion is Buddhism", "My religion is important to me"},
           {"I live in London", "My employer is based in Leeds"},
           {"I'm married", "Being single has its perks"},
           {"We use Python 3.11", "We use Python 3.11 and Redis 7"},
           {"We use Java 8", "We use JavaScript 6"},
           {"We run Python 3", "We run Python 3.11"},
           {"I'm married to Sam", "The divorce of my parents was finalised when I was 5"},
           {"I'm married", "The divorce was finalised for my sister last week"},
           {"I go to the office on Mondays", "I've worked from home on Fridays since 2020"},
           {"I'm happy", "Never been happier"}}) {
    const auto v = test::structural_verdict(a, b);
    EXPECT_NE(v.classification, C::true_contradiction) << a << " / " << b;
    EXPECT_NE(v.classification, C::temporal_change) << a << " / " << b;
  }
  // A season as the subject is no thing.
  EXPECT_NE(test::structural_verdict("Summer is easily my favourite season", "My favourite season is summer").classification,
            C::true_contradiction);
}

TEST(JudgeRules, OneNamedThingIsOneKind) {
  // The same dog, two breeds: the kinds exclude each other (LOW).
  EXPECT_EQ(test::structural_verdict("Biscuit, our dog, is a beagle", "Our dog Biscuit is a pure-bred border collie")
                .classification,
            C::true_contradiction);
  EXPECT_EQ(test::structural_verdict("Lena, our SRE lead, lives in Berlin.", "Lena (SRE lead) is a Lisbon resident.")
                .classification,
            C::true_contradiction);
  // Two kinds that are not siblings both hold.
  EXPECT_NE(test::structural_verdict("Our dog Biscuit is a beagle", "Our dog Biscuit is a good boy").classification,
            C::true_contradiction);
}

TEST(JudgeRules, OneScheduleInOtherWordsIsADuplicateAndTwoDiffer) {
  for (const auto& [a, b] : std::vector<std::pair<const char*, const char*>>{
           {"The bathroom gets a deep clean every 14 days.", "Bathroom deep-clean: fortnightly."},
           {"I run a small supper club once a month.", "I host a monthly supper club"},
           {"The volunteer database is backed up daily to S3.", "Every 24 hours the volunteer DB gets backed up to an S3 bucket."}})
    EXPECT_EQ(test::structural_verdict(a, b).classification, C::duplicate) << a << " / " << b;
  // Two schedules for one backup are no restatement.
  const auto v = test::structural_verdict("The volunteer database is backed up daily.",
                                          "The volunteer database is backed up every 6 hours.");
  EXPECT_NE(v.classification, C::duplicate);
  EXPECT_EQ(v.classification, C::true_contradiction) << v.reasoning;
}

TEST(JudgeRules, AWordNamingTheSubjectIsNoDifference) {
  // "my cat Tofu" / "Tofu ..., huge fluffy boy": one animal, one breed.
  EXPECT_EQ(test::structural_verdict("My cat Tofu is a Maine Coon.", "tofu's a maine coon, huge fluffy boy").classification,
            C::duplicate);
  // Words beyond the claims that exclude each other still differ.
  EXPECT_EQ(test::structural_verdict("My son goes to school in Lyon.", "My son goes to school in Nice.").classification,
            C::true_contradiction);
}

TEST(JudgeRules, ReviewMendsOfTheSecondThirtiethSession) {
  // None of these may block; most are no conflict at all.
  for (const auto& [a, b] : std::vector<std::pair<const char*, const char*>>{
           {"My favourite sports are tennis, golf", "My favourite sport is golf"},
           {"I work for Alphabet, Google's parent company", "I work at Google"},
           {"I work for a bank, Barclays", "I work for Barclays"},
           {"I'll be 40 when my son turns 10", "I'm 35"},
           {"My parents live with us", "My parents live in Leeds"},
           {"My parents live near us", "My parents live in Bristol"},
           {"As far as I know, my brother lives in Paris", "My brother lives in Lyon"},
           {"I go to the gym every Monday", "I go to the gym every Wednesday"},
           {"Emma has swimming lessons every Monday", "Emma has piano lessons every Wednesday"},
           {"I call my mum every Sunday", "I call my dad every Wednesday"},
           {"I drink two coffees a day", "I drink coffee every morning"},
           {"I started running a month ago", "I run every morning"},
           {"I work 40 hours a week", "I work every day"},
           {"I'm a resident in internal medicine", "I live in Boston"},
           {"I eat about 2,000 calories a day", "I burn 500 calories a day running"},
           {"My piano lesson is every Tuesday", "My guitar lesson is every Thursday"},
           {"I see my therapist every other Friday", "I see my therapist every Friday"}}) {
    const auto v = test::structural_verdict(a, b);
    EXPECT_NE(v.write_tier, WriteTier::block) << a << " / " << b << ": " << v.reasoning;
    if (std::string_view(a).find("Paris") == std::string_view::npos) {
      EXPECT_NE(v.classification, C::true_contradiction) << a << " / " << b << ": " << v.reasoning;
      EXPECT_NE(v.classification, C::temporal_change) << a << " / " << b << ": " << v.reasoning;
    }
    test::expect_bounded(a, b);
  }
  // Two schedules for one thing are a LOW contradiction the fallback may weigh.
  const auto twice = test::structural_verdict("I take my medication twice a day", "I take my medication every morning");
  EXPECT_NE(twice.write_tier, WriteTier::block);
}

TEST(JudgeRules, TwoWhenContextsKeepAStanceAndItsDenialApart) {
  EXPECT_EQ(test::structural_verdict("I play my guitar loud when I'm home alone.",
                                     "I never play guitar when my flatmates are around")
                .classification,
            C::context_dependent);
}

TEST(JudgeRules, OneWeeklyEventOnTwoWeekdaysIsAContradiction) {
  for (const auto& [a, b] : std::vector<std::pair<const char*, const char*>>{
           {"Ella's piano lessons are every Tuesday at 4.", "Ella has piano weekly on Thursdays, 4pm."},
           {"Emma's math tutor comes only on Tuesdays.", "Emma sees her maths tutor once a week, on Thursdays."},
           {"We cut the release branch every Tuesday.", "Release branches get cut on Thursdays."}}) {
    const auto v = test::structural_verdict(a, b);
    EXPECT_EQ(v.classification, C::true_contradiction) << a << " / " << b << ": " << v.reasoning;
    EXPECT_NE(v.write_tier, WriteTier::block);
  }
  // Two different things on two days, a move, or a fortnightly one: not this rule.
  EXPECT_NE(test::structural_verdict("Kenji starts every Monday by planning his week.",
                                     "Kenji blocks out Friday afternoons for deep work.")
                .classification,
            C::true_contradiction);
  EXPECT_EQ(test::structural_verdict("I volunteer at the food bank every Tuesday.",
                                     "From this month my food bank shift moves to Thursdays.")
                .classification,
            C::temporal_change);
  EXPECT_EQ(test::structural_verdict("Team retros happen every other Friday.", "We do a retrospective fortnightly, on Fridays.")
                .classification,
            C::duplicate);
}

TEST(JudgeRules, AStanceOnItInALaterClauseIsOnWhatTheFirstClauseNamed) {
  // "it" / "the stuff" after the first clause points back to the thing it named.
  for (const auto& [a, b] : std::vector<std::pair<const char*, const char*>>{
           {"I love coriander.", "coriander tastes like soap to me, I can't stand it"},
           {"I love cilantro.", "Cilantro tastes like soap to me; I can't stand the stuff."},
           {"User dislikes jazz.", "jazz is what I put on most evenings, I adore it"},
           {"I love sushi", "Tried sushi last week, hated it."}}) {
    const auto v = test::structural_verdict(a, b);
    EXPECT_EQ(v.classification, C::true_contradiction) << a << " / " << b << ": " << v.reasoning;
    EXPECT_NE(v.write_tier, WriteTier::block) << a << " / " << b;  // judged against a part: at most MED
  }
  EXPECT_EQ(test::structural_verdict("I hate coriander.", "Cilantro tastes like soap to me and I can't stand it.")
                .classification,
            C::duplicate);
  // A verb of the senses before "like" is the verb, not a stance of liking.
  const Claim c = test::claim("Coriander tastes like soap to me");
  EXPECT_EQ(c.subject, "coriander");
  EXPECT_NE(c.slot, "like");
  // No stance on "it", or nothing for "it" to point back to: no change.
  EXPECT_NE(test::structural_verdict("I love coriander.", "The legal team tracks it and bounces any request without it")
                .classification,
            C::true_contradiction);
}

TEST(JudgeRules, AFearAgainstAFondnessForTheSameThingIsAContradiction) {
  for (const auto& [a, b] : std::vector<std::pair<const char*, const char*>>{
           {"I'm petrified of flying, we take the train wherever we can", "I genuinely love flying"},
           {"Scared of spiders.", "I adore spiders"}}) {
    const auto v = test::structural_verdict(a, b);
    EXPECT_EQ(v.classification, C::true_contradiction) << a << " / " << b << ": " << v.reasoning;
    EXPECT_NE(v.write_tier, WriteTier::block) << a << " / " << b;
  }
  // "X terrifies me" is a fear of X; a note "Terrified of X" too.
  EXPECT_EQ(test::structural_verdict("User is afraid of flying.", "flying terrifies me").classification, C::duplicate);
  EXPECT_EQ(test::claim("Terrified of flying; won't get on a plane.").slot, "fear");
  EXPECT_EQ(test::claim("Outdoor bouldering on real rock terrifies me").slot, "fear");
  // One kind of the thing, or a fear and a dislike: no contradiction.
  EXPECT_NE(test::structural_verdict("I love bouldering at the indoor wall.",
                                     "Outdoor bouldering on real rock terrifies me - I won't do it.")
                .classification,
            C::true_contradiction);
  EXPECT_NE(test::structural_verdict("I'm scared of dogs", "I hate dogs").classification, C::true_contradiction);
  EXPECT_NE(test::structural_verdict("It scares me that prices keep rising", "I love cheap flights").classification,
            C::true_contradiction);
}

TEST(JudgeRules, AnAmountKeptAsOneValueAndAWordAsTheOtherIsNoConflict) {
  // A false block on a fresh set: "3.8k a term" kept "term" as its value.
  const auto v = test::structural_verdict("Maintenance loan: £3,800 per term.", "maintenance loan is 3.8k a term");
  EXPECT_NE(v.write_tier, WriteTier::block) << v.reasoning;
  EXPECT_EQ(v.classification, C::duplicate) << v.reasoning;
  EXPECT_EQ(test::structural_verdict("Maintenance loan: £3,800 per term.", "maintenance loan is 4.2k a term").classification,
            C::true_contradiction);
}

// Pairs a review helper wrote to probe the rules of 2026-11-30 (third
// session): each was a false block, a false conflict or a hidden
// contradiction before the mend.
TEST(JudgeRules, ReviewProbesOfTheThirdSessionOf20261130) {
  struct P {
    const char* a;
    const char* b;
  };
  for (const P& p : {P{"Coffee does nothing for me", "I love coffee"},
                     P{"Morning is my favourite time to write", "Evening is my favourite time to read"},
                     P{"Spanish is my first language, English my second", "Spanish is my native language"},
                     P{"I love Spanish", "My Spanish is rubbish"},
                     P{"I love knitting", "Knitting is tedious but relaxing"},
                     P{"I love my sister", "My sister loves opera, I can't stand it"},
                     P{"I love horror", "Horror scares me, that's why I love it"},
                     P{"I love Lisbon", "Lisbon is hilly, I hate it when my legs ache"},
                     P{"I love Paris", "Paris is expensive, I can't afford it"}}) {
    const auto v = test::structural_verdict(p.a, p.b);
    EXPECT_NE(v.write_tier, WriteTier::block) << p.a << " / " << p.b << ": " << v.reasoning;
    EXPECT_NE(v.classification, C::true_contradiction) << p.a << " / " << p.b << ": " << v.reasoning;
  }
  // Literal statements the new rules had hidden.
  EXPECT_FALSE(test::claim("The university is my employer").figurative);
  EXPECT_FALSE(test::claim("The council is my landlord").figurative);
  EXPECT_FALSE(test::claim("We had the worst flood in a hundred years last spring").figurative);
  EXPECT_FALSE(test::claim("The dog ate my homework last night").figurative);
  const auto milk = test::structural_verdict("I'm vegan", "I drink lactose-free milk");
  EXPECT_FALSE(milk.classification == C::compatible && milk.confidence >= test::lexicon().med_confidence())
      << milk.reasoning;
}

TEST(JudgeRules, AnOppositeForAnOccasionTheOtherLeavesOutNeverBlocks) {
  // A false block on a fresh set (probe 112): an exception may be meant.
  const auto v = test::structural_verdict("The dog is allowed upstairs.",
                                          "When my mother-in-law stays over, the dog isn't allowed upstairs.");
  EXPECT_NE(v.write_tier, WriteTier::block) << v.reasoning;
  // Said without the occasion, the rules still oppose at HIGH.
  EXPECT_EQ(test::structural_verdict("The dog is allowed upstairs.", "The dog isn't allowed upstairs.").write_tier,
            WriteTier::block);
}

TEST(JudgeRules, AnOppositeBeforeOrAfterAnOccasionNeverBlocks) {
  // A false block on a fresh set (probe 113): "before my first coffee" is an
  // occasion, as a "when" clause is.
  for (const char* b : {"Before my first coffee I don't speak any language at all.",
                        "After a few pints I don't speak any language at all."}) {
    const auto v = test::structural_verdict("I speak four languages.", b);
    EXPECT_NE(v.write_tier, WriteTier::block) << b << ": " << v.reasoning;
  }
  // A season or a part of the week against a habit said without one (probe
  // 127): an exception may be meant.
  const auto summer = test::structural_verdict("Volunteers every weekend at the youth club.",
                                               "in august i don't volunteer at all, the youth club shuts for summer");
  EXPECT_NE(summer.write_tier, WriteTier::block) << summer.reasoning;
  // Not against a statement for every occasion.
  EXPECT_EQ(test::structural_verdict("I drink coffee every morning", "I never drink coffee").write_tier,
            WriteTier::block);
  // A habit ("every morning") is no occasion (the review's pairs).
  EXPECT_EQ(test::structural_verdict("I run every morning.", "I don't run.").write_tier, WriteTier::block);
  // Nor is a scope that names every case.
  EXPECT_EQ(test::structural_verdict("I love coffee.", "I hate coffee in any form.").write_tier, WriteTier::block);
  // A liking against a dislike in one place or condition (probe 143).
  const auto snow = test::structural_verdict("Loves driving.", "driving in snow is a hard no for me, I hate it");
  EXPECT_NE(snow.write_tier, WriteTier::block) << snow.reasoning;
  EXPECT_EQ(test::structural_verdict("Loves driving.", "I hate driving").write_tier, WriteTier::block);
  // An occasion said at the end, or an activity, is one too; a liking of a
  // season is no occasion but neither the same thing as a liking of its
  // fruit.
  for (const auto& [a, b] : std::vector<std::pair<const char*, const char*>>{
           {"I drink coffee", "I don't drink coffee after 3pm"},
           {"I listen to music", "I never listen to music while I work"},
           {"I wear glasses", "I don't wear glasses for driving"},
           {"I hate summer", "I love summer fruit"},
           // (probe 183: one slot and value, a scope on one side)
           {"User wears earplugs to sleep.", "on night duty I can't wear earplugs, got to hear the bells go down"}}) {
    const auto v = test::structural_verdict(a, b);
    EXPECT_NE(v.write_tier, WriteTier::block) << a << " / " << b << ": " << v.reasoning;
  }
  EXPECT_EQ(test::structural_verdict("I love summer", "I hate summer").write_tier, WriteTier::block);
  EXPECT_EQ(test::structural_verdict("I love summer", "I hate the summer").write_tier, WriteTier::block);
  // A time after a verb is the value: the times still conflict.
  EXPECT_EQ(test::structural_verdict("I get up at 9am", "I get up before 7am").write_tier, WriteTier::block);
  // A place said later ("at school") is no occasion: the values still
  // conflict at HIGH.
  EXPECT_EQ(test::structural_verdict("User's mother tongue is Polish.",
                                     "Portuguese is my first language, I only learned English at school")
                .write_tier,
            WriteTier::block);
}

TEST(JudgeRules, TheSameAmountsOfAThingAreARestatementWithoutASharedTopic) {
  // Numbers in words and in digits, slots the parse could not line up.
  for (const Pair& p : {Pair{"Dad is 71.", "my father's seventy one"},
                        Pair{"Red Lion quiz entry: £2 per person.", "entry's two quid a head"}}) {
    const auto v = test::structural_verdict(p.a, p.b);
    EXPECT_EQ(v.classification, C::duplicate) << p.a << " / " << p.b << ": " << v.reasoning;
  }
  // Not counts of two kinds of things.
  EXPECT_NE(test::structural_verdict("My son is 5.", "my son has 5 goldfish").classification, C::duplicate);
  // A number that names the thing on both sides after the same word is no
  // amount restated.
  for (const Pair& p : {Pair{"Hardware Rev 3 uses an ESP32-S3.", "rev 3 has a USB-C port with ESD protection added"},
                        Pair{"Grade 6 pieces: 'Bags' Groove' and 'Blue in Green'.",
                             "third piece for grade 6 is going to be Tune Up"}}) {
    const auto v = test::structural_verdict(p.a, p.b);
    EXPECT_NE(v.classification, C::duplicate) << p.a << " / " << p.b << ": " << v.reasoning;
  }
  // A bound named in the subject is an amount.
  EXPECT_NE(test::structural_verdict("Spend over $25k requires CFO approval.",
                                     "anything north of twenty-five grand needs the CFO to sign it off")
                .classification,
            C::true_contradiction);
}

TEST(JudgeRules, ASumPerCalendarMonthOrPerFortnightIsASumPerYear) {
  const auto v = test::structural_verdict("Rent on the unit is £1,450 per calendar month.",
                                          "We pay £17,400 a year in rent for the unit.");
  EXPECT_EQ(v.classification, C::duplicate) << v.reasoning;
  EXPECT_EQ(test::structural_verdict("Rent on the unit is £1,450 per calendar month.",
                                     "We pay £19,000 a year in rent for the unit.")
                .classification,
            C::true_contradiction);
  EXPECT_EQ(test::structural_verdict("Childcare costs £280 a fortnight.", "childcare is £7,280 a year").classification,
            C::duplicate);
}

TEST(JudgeRules, OneThingGivenTwoAmountsTheParseCouldNotLineUpIsALowContradiction) {
  for (const Pair& p : {Pair{"The team has 8 engineers.", "our engineering team is four people"},
                        Pair{"My rent is £900 a month.", "rent's £1,100 a month"},
                        Pair{"User's notice period = 1 month", "my contract says three months' notice"}}) {
    const auto v = test::structural_verdict(p.a, p.b);
    EXPECT_EQ(v.classification, C::true_contradiction) << p.a << " / " << p.b << ": " << v.reasoning;
    EXPECT_EQ(v.tier, ConfidenceTier::low) << p.a << " / " << p.b << ": " << v.reasoning;
  }
  // Not a part of the whole, a share of each, a number that names the
  // thing, a year against a sum, two people, two things, nor counts of two
  // kinds of things (pairs a review helper probed).
  for (const Pair& p : {Pair{"Fraud team has 6 analysts.", "two of the analysts are based in Kraków"},
                        Pair{"Our budget for the kitchen is £20k.", "we've spent £8k on the kitchen so far"},
                        Pair{"Total rent for the house is £2,400.", "my share of the rent is £800"},
                        Pair{"My brother earns £40k.", "my sister earns £55k"},
                        Pair{"Postgres runs on port 5432.", "redis runs on port 6379"},
                        Pair{"My laptop has 16 GB RAM.", "my desktop has 64GB of RAM"},
                        Pair{"The flat has 2 bedrooms.", "the flat has 1 bathroom"},
                        Pair{"We put $300 a month into the kids' college fund.",
                             "There's a separate $50 monthly transfer into each child's savings account."},
                        Pair{"VLAN 340 = IoT.", "VLAN 341 carries the building management system controllers."},
                        Pair{"User needs to renew their driving licence photocard by 2027.",
                             "The DVLA reminder says I can do the photocard renewal online for £14."}}) {
    const auto v = test::structural_verdict(p.a, p.b);
    EXPECT_NE(v.classification, C::true_contradiction) << p.a << " / " << p.b << ": " << v.reasoning;
  }
}

TEST(JudgeRules, ARelativeIsNoThingOfTheUsers) {
  // The user on one side and a relative on the other are two people, not
  // the user and a thing of theirs on one topic.
  EXPECT_EQ(test::structural_verdict("My mom lives in Canada", "I live in China").classification, C::unrelated);
  EXPECT_EQ(test::structural_verdict("User is on call this weekend.", "call my sister back about Sunday lunch")
                .classification,
            C::unrelated);
}

TEST(JudgeRules, OneKeyInOtherWordsIsOneSubject) {
  // Word for word the same, a synonym or a shortening.
  auto v = test::structural_verdict("Application logs are retained for 30 days.",
                                    "App logs are kept for a full year before deletion.");
  EXPECT_EQ(v.classification, Classification::true_contradiction) << v.reasoning;
  EXPECT_NE(v.write_tier, WriteTier::block) << v.reasoning;
  v = test::structural_verdict("All government takedown requests require escalation to legal.",
                               "gov takedown requests don't need legal at all");
  EXPECT_EQ(v.classification, Classification::true_contradiction) << v.reasoning;
  // Not two different things with a shared word.
  v = test::structural_verdict("Application logs are retained for 30 days.", "Audit logs are kept for a year.");
  EXPECT_NE(v.classification, Classification::true_contradiction) << v.reasoning;
}

TEST(JudgeRules, WeeksSaidAsMonthsAreOneSpan) {
  EXPECT_EQ(test::structural_verdict("Mum must use a raised toilet seat for 12 weeks.",
                                     "three months on the raised loo seat for mum, doctor's orders")
                .classification,
            Classification::duplicate);
  EXPECT_EQ(test::structural_verdict("Campaign briefs are due 6 weeks before launch.",
                                     "briefs have to be in a month and a half ahead of go-live")
                .classification,
            Classification::duplicate);
  // Days against days are exact.
  EXPECT_EQ(test::structural_verdict("Audit logs retained in Loki for 400 days.",
                                     "Audit logs only need a year, so Loki keeps them 365 days and then drops them.")
                .classification,
            Classification::true_contradiction);
  EXPECT_EQ(test::structural_verdict("The SLO is measured over a rolling 28-day window.",
                                     "the slo is measured over a rolling 30 day window")
                .classification,
            Classification::true_contradiction);
}

TEST(JudgeRules, AYearlySumPaidMonthlyAndTimeSpentPerPeriodAreOneRate) {
  // The period said with the amount beats the adverb of how it is paid.
  EXPECT_EQ(test::structural_verdict("User pays £400/month into a Stocks & Shares ISA.",
                                     "I drip-feed £4.8k a year into my S&S ISA, in monthly chunks")
                .classification,
            Classification::duplicate);
  // Time spent per day and per week.
  EXPECT_EQ(test::structural_verdict("User listens to about two hours of podcasts a day.",
                                     "roughly 14 hours of podcasts a week")
                .classification,
            Classification::duplicate);
  // A different rate stays a conflict.
  EXPECT_EQ(test::structural_verdict("User listens to about two hours of podcasts a day.",
                                     "roughly 4 hours of podcasts a week")
                .classification,
            Classification::true_contradiction);
}
