import Foundation
import Testing

@testable import ReduxInspect

/// A fixture, a predicate, and how the fixture is presented.
struct BisectCase: CustomTestStringConvertible, Sendable {
    let fixture: String
    let predicate: String
    let variant: BisectTestSupport.Variant
    var testDescription: String { "\(fixture): \(predicate) (\(variant.rawValue))" }
}

@Suite struct BisectTests {
    // MARK: Acceptance 3: the first step, as a brute-force scan finds it, with and without states

    static let predicates = [
        "shop.jsonl": [
            "cart.total > 50", "cart.total == 0", "cart.total < 0", "exists(user)", "isLoading == true",
            "isLoading == true && cart.total > 20", "exists(error) && cart.items.count >= 2",
            #"user.username == "grace""#, "cart.items[id=2].quantity >= 2", "cart.items.count > 3",
            "!exists(user) && cart.total > 0 && cart.total < 10", "cart.total >= 23.49 && cart.total < 46.47",
            "packages[id=200].items[id=4].quantity == 0", "cart.total == 60.990", "cart.items[id=3] == null",
        ],
        "counter.jsonl": [
            "count > 5", "count == 0", "count < -100", "count >= 8 && count <= 8", "count == 42",
            "count > 10 && count < 12", "count != 0 && count < 2 && count > 0",
        ],
        "todos.jsonl": [
            "categories.count > 1", "nextID >= 8", "categories[id=1].items[id=2].done == true",
            "settings.showCompleted == false", "selectedCategoryID == 1", "selectedCategoryID == 8",
            "count(categories[id=1].items) > 10", #"categories[id=4].name == "Work""#,
        ],
    ]

    static let cases: [BisectCase] = predicates.keys.sorted().flatMap { name in
        predicates[name]!.flatMap { predicate in
            BisectTestSupport.Variant.allCases.map {
                BisectCase(fixture: name, predicate: predicate, variant: $0)
            }
        }
    }

    @Test(arguments: cases)
    func findsTheFirstStepABruteForceScanFinds(_ test: BisectCase) throws {
        let predicate = try Predicate(parsing: test.predicate)
        let (initial, steps) = try BisectTestSupport.states(test.fixture)
        let expected: Int? =
            predicate.holds(in: initial) ? 0 : steps.first { predicate.holds(in: $0.state) }?.seq
        let file = try BisectTestSupport.recording(test.fixture, test.variant)
        let run = InspectorRun(["bisect", file, "--until", test.predicate, "--format", "json"])
        #expect(run.err == "")
        let answer = try JSONParser.parse(run.out)
        if let expected {
            #expect(run.code == 0)
            #expect(answer["holds"] == .bool(true))
            #expect(answer["seq"] == .number(JSONNumber(String(expected))))
        } else {
            #expect(run.code == 1)
            #expect(answer["holds"] == .bool(false))
            #expect(answer["checked"] == .number(JSONNumber(String(steps.count + 1))))
        }
    }

    @Test func everyPredicateListedFindsSomethingOrNothingOnPurpose() throws {
        // The table exercises all three answers on every fixture.
        for (name, predicates) in Self.predicates {
            let (initial, steps) = try BisectTestSupport.states(name)
            let firsts = try predicates.map { text -> Int? in
                let predicate = try Predicate(parsing: text)
                return predicate.holds(in: initial) ? 0 : steps.first { predicate.holds(in: $0.state) }?.seq
            }
            #expect(firsts.contains(0), "\(name)")
            #expect(firsts.contains(nil), "\(name)")
            #expect(firsts.contains { ($0 ?? 0) > 1 }, "\(name)")
        }
    }

    // MARK: Output

    @Test func printsTheStepItsDiffAndTheStepBefore() {
        let run = InspectorRun([
            "bisect", BisectTestSupport.fixture("shop.jsonl"), "--until", "cart.total>50",
        ])
        #expect(run.code == 0)
        #expect(run.err == "")
        #expect(
            run.out == """
                cart.total > 50 holds first at seq 14 (step 14 of 27)

                seq 14  addToCart  {"addToCart":{"productID":5,"quantity":2}}
                  + cart.items[id=5]: {"id":5,"name":"Oat biscuits","price":3.25,"quantity":2}
                  ~ cart.total: 46.47 → 52.97

                step before: seq 13  addPackageToCart  {"addPackageToCart":{"packageID":200}}

                """)
    }

    @Test func aNonMonotonicPredicateStopsAtItsFirstStep() {
        let run = InspectorRun([
            "bisect", BisectTestSupport.fixture("shop.jsonl"), "--until", "isLoading == true",
        ])
        #expect(
            run.lines == [
                "isLoading == true holds first at seq 4 (step 4 of 27)", "",
                #"seq 4  setLoading  {"setLoading":{"_0":true}}"#, "  ~ isLoading: false → true", "",
                #"step before: seq 3  loginRequest  {"loginRequest":{"username":"ada","password":"<redacted>"}}"#,
            ])
    }

    @Test func theFirstStepsStepBeforeIsTheInitialState() {
        let run = InspectorRun([
            "bisect", BisectTestSupport.fixture("counter.jsonl"), "--until", "count == 1",
        ])
        #expect(run.lines.last == "step before: seq 0  (initial state)")
        let json = InspectorRun([
            "bisect", BisectTestSupport.fixture("counter.jsonl"), "--until", "count == 1", "--format", "json",
        ])
        #expect(
            json.out
                == #"{"predicate":"count == 1","holds":true,"seq":1,"type":"increment","action":{"increment":{}},"changes":[{"path":"count","kind":"changed","old":0,"new":1}],"before":{"seq":0,"type":null}}"#
                + "\n")
    }

    @Test func holdingInTheInitialStateIsSaid() {
        let file = BisectTestSupport.fixture("shop.jsonl")
        let text = InspectorRun(["bisect", file, "--until", "cart.total == 0 && !exists(user)"])
        #expect(text.code == 0)
        #expect(text.out == "cart.total == 0 && !exists(user) already holds in the initial state (seq 0)\n")
        let json = InspectorRun(["bisect", file, "--until", "cart.total == 0", "--format", "json"])
        #expect(
            json.out
                == #"{"predicate":"cart.total == 0","holds":true,"seq":0,"type":null,"action":null,"changes":[],"before":null}"#
                + "\n")
    }

    @Test func neverHoldingExits1() {
        let file = BisectTestSupport.fixture("shop.jsonl")
        let text = InspectorRun(["bisect", file, "--until", "cart.total < 0"])
        #expect(text.code == 1)
        #expect(text.err == "")
        #expect(
            text.out
                == "cart.total < 0 never holds: not in the initial state, nor after any of the 27 steps (seq 1…27)\n"
        )
        let json = InspectorRun(["bisect", file, "--until", "cart.total < 0", "--format", "json"])
        #expect(json.code == 1)
        #expect(json.out == #"{"predicate":"cart.total < 0","holds":false,"checked":28}"# + "\n")
    }

    @Test func aPredicateThatNeverHoldsNamesTheComparedPathsNoStateHas() {
        let file = BisectTestSupport.fixture("shop.jsonl")
        let text = InspectorRun(["bisect", file, "--until", "user.username == ada || cart.totl > 5"])
        #expect(text.code == 1)
        #expect(
            text.lines == [
                "user.username == ada || cart.totl > 5 never holds: not in the initial state, nor after any of the 27 steps (seq 1…27)",
                #"hint: no state has ada; to compare with the string, write "ada""#,
                "hint: no state has cart.totl (did you mean cart.total?)",
            ])
        let fixed = InspectorRun(["bisect", file, "--until", #"user.username == "ada""#])
        #expect(fixed.code == 0)
        #expect(fixed.lines.first?.hasPrefix(#"user.username == "ada" holds first at seq"#) == true)
        let json = InspectorRun(["bisect", file, "--until", "cart.totl > 5", "--format", "json"])
        #expect(
            json.out
                == #"{"predicate":"cart.totl > 5","holds":false,"checked":28,"absentPaths":["cart.totl"],"#
                + #""hints":["hint: no state has cart.totl (did you mean cart.total?)"]}"# + "\n")
    }

    /// The shop's user is an optional, which Codable leaves out while it is nil: compared with
    /// null, it never matches, and the hint says how to find where it is missing. A path no
    /// state has gets the usual hint instead; one every state has, none.
    @Test func aPathComparedWithNullThatSomeStatesLeaveOutGetsAHint() {
        let file = BisectTestSupport.fixture("shop.jsonl")
        let text = InspectorRun(["bisect", file, "--until", "user == null"])
        #expect(text.code == 1)
        #expect(
            text.lines.dropFirst() == [
                "hint: some states have no user at all, which null does not match (Codable leaves a nil optional "
                    + "out); to find where it is missing, write !exists(user)"
            ], "\(text.lines)")
        let typo = InspectorRun(["bisect", file, "--until", "usr == null"])
        #expect(typo.lines.dropFirst() == ["hint: no state has usr (did you mean user?)"], "\(typo.lines)")
        let always = InspectorRun(["bisect", file, "--until", "null == cart"])
        #expect(always.lines.count == 1, "\(always.lines)")
        let found = InspectorRun(["bisect", file, "--until", "!exists(user) && cart.items.count > 0"])
        #expect(found.code == 0)
    }

    /// `<` and the others hold only between two numbers or two strings: a path that held only
    /// numbers ordered against a string (or the other way round) gets a hint that says so and
    /// what to write, also where the states are replayed. A path that held both kinds, or an
    /// ordering that could hold, gets none.
    @Test func anOrderingAgainstALiteralOfTheOtherKindGetsAHint() throws {
        let directory = try CLITemporaryDirectory()
        let file = BisectTestSupport.fixture("shop.jsonl")
        let replayed = try CLITestSupport.strippingStates(file, keepingOneIn: 0, in: directory)
        for recording in [file, replayed] {
            let text = InspectorRun(["bisect", recording, "--until", #"cart.total > "50" || user.username < 5"#])
            #expect(text.code == 1)
            #expect(
                text.lines.dropFirst() == [
                    #"hint: cart.total holds numbers and "50" is a string; <, <=, > and >= hold only between two numbers or two strings: write 50"#,
                    #"hint: user.username holds strings and 5 is a number; <, <=, > and >= hold only between two numbers or two strings: write "5""#,
                ], "\(recording): \(text.lines)")
        }
        let word = InspectorRun(["bisect", file, "--until", #"cart.total >= "lots""#])
        #expect(word.lines.dropFirst() == [
            #"hint: cart.total holds numbers and "lots" is a string; <, <=, > and >= hold only between two numbers or two strings: compare with a number"#
        ])
        #expect(InspectorRun(["bisect", file, "--until", "cart.total > 5000"]).lines.count == 1)
        // A size of something that has none, or of nothing: no word on the literal's kind.
        #expect(InspectorRun(["bisect", file, "--until", #"cart.total.count > "2""#]).lines.count == 1)
        #expect(InspectorRun(["bisect", file, "--until", #"nosuch.count > "2""#]).lines.dropFirst() == ["hint: no state has nosuch"])
        // An object's own `count` member is what `.count` reads: here strings.
        let stats = try directory.file(
            "stats.jsonl",
            lines: [
                #"{"format":"redux-inspect","version":1,"initialState":{"stats":{"count":"1"}}}"#,
                #"{"seq":1,"type":"t","action":{"t":{}},"state":{"stats":{"count":"2"}}}"#,
            ])
        #expect(InspectorRun(["bisect", stats, "--until", #"stats.count > "7""#]).lines.count == 1)
        #expect(
            InspectorRun(["bisect", stats, "--until", "stats.count > 7"]).lines.dropFirst() == [
                #"hint: stats.count holds strings and 7 is a number; <, <=, > and >= hold only between two numbers or two strings: write "7""#
            ])
        let json = InspectorRun(["bisect", file, "--until", #"cart.items.count > "5""#, "--format", "json"])
        #expect(
            try CLITestSupport.json(json.out)["hints"] == .array([
                .string(#"hint: cart.items.count is a number and "5" is a string; <, <=, > and >= hold only between two numbers or two strings: write 5"#)
            ]))
        #expect(InspectorRun(["bisect", file, "--until", #"cart.total == "50""#]).lines.count == 1)
        #expect(InspectorRun(["bisect", file, "--until", #"cart.total > "50""#]).code == 1)
    }

    /// A word compared with a value is a path: quoting it would compare two constants, so the
    /// hint does not suggest it. Compared with a path, on either side, it may be a string.
    @Test func aMissingPathComparedWithAValueIsNotTakenForAString() {
        let file = BisectTestSupport.fixture("shop.jsonl")
        let text = InspectorRun(["bisect", file, "--until", "isLoggedIn == true || b == 2"])
        #expect(text.code == 1)
        #expect(text.lines.dropFirst() == ["hint: no state has isLoggedIn", "hint: no state has b"], "\(text.lines)")
        let left = InspectorRun(["bisect", file, "--until", "grac == user.username"])
        #expect(
            left.lines.dropFirst() == [#"hint: no state has grac; to compare with the string, write "grac""#],
            "\(left.lines)")
        let both = InspectorRun(["bisect", file, "--until", "status == active"])
        #expect(
            both.lines.dropFirst() == [
                #"hint: no state has status; to compare with the string, write "status""#,
                #"hint: no state has active; to compare with the string, write "active""#,
            ], "\(both.lines)")
    }

    @Test func aPathInSomeStateOrOnlyTestedByExistsGetsNoHint() {
        let file = BisectTestSupport.fixture("shop.jsonl")
        // user is absent from the initial state but present later; exists() may rightly fail.
        let run = InspectorRun(["bisect", file, "--until", "user.username == \"nobody\" || exists(nothing)"])
        #expect(run.code == 1)
        #expect(run.lines.count == 1)
    }

    @Test func aStepAfterAGapSaysEntriesAreMissing() throws {
        let file = try BisectTestSupport.write([
            #"{"format":"redux-inspect","version":1,"initialState":{"n":0}}"#,
            #"{"seq":1,"type":"set","action":{"set":{}},"state":{"n":1}}"#,
            #"{"seq":4,"type":"set","action":{"set":{}},"state":{"n":5}}"#,
        ])
        let run = InspectorRun(["bisect", file, "--until", "n > 2"])
        #expect(
            run.lines == [
                "n > 2 holds first at seq 4 (step 2 of 2)", "", #"seq 4  set  {"set":{}}"#, "  ~ n: 1 → 5",
                "  (2 entries are missing before this step; the change may come from them)", "",
                #"step before: seq 1  set  {"set":{}}"#,
            ])
        let empty = try BisectTestSupport.write([
            #"{"format":"redux-inspect","version":1,"initialState":{"n":0}}"#
        ])
        #expect(
            InspectorRun(["bisect", empty, "--until", "n > 2"]).out
                == "n > 2 never holds: not in the initial state, and the recording has no steps\n")
    }

    // MARK: Errors

    @Test func aMalformedPredicateIsAUsageErrorWithItsColumn() {
        let run = InspectorRun([
            "bisect", BisectTestSupport.fixture("shop.jsonl"), "--until", "cart.total >> 5",
        ])
        #expect(run.code == 64)
        #expect(run.out == "")
        #expect(
            run.err == """
                Error: invalid predicate 'cart.total >> 5': expected a path or a JSON value at column 13
                Usage: redux-inspect bisect <file> [<steps>] --until <predicate> [--format <format>] [--full] [--reducer <name>]
                See 'redux-inspect bisect --help' for more information.

                """)
        // A predicate of values alone reads no state: most often a path written as diff
        // prints a key that is not a name, `["a.b"]`, which reads as an array here.
        for (predicate, message) in [
            (#" !(["content-type"] == 2)"#, #"expected a path of the state; one that starts with a bracket takes a dot first (' !(.["content-type"] == 2)') at column 4"#),
            ("1 < 2", "expected a path of the state: with values alone it holds at every step or at none at column 1"),
        ] {
            let constant = InspectorRun(["bisect", BisectTestSupport.fixture("shop.jsonl"), "--until", predicate])
            #expect(constant.code == 64)
            #expect(constant.err.hasPrefix("Error: invalid predicate '\(predicate)': \(message)\n"), "\(constant.err)")
        }
        let missing = InspectorRun(["bisect", BisectTestSupport.fixture("shop.jsonl")])
        #expect(missing.code == 64)
        #expect(missing.err.hasPrefix("Error: missing option '--until <predicate>'\n"))
    }

    @Test func aPredicateNestedTooDeeplyIsAUsageErrorWithItsColumn() {
        let predicates = [
            String(repeating: "!", count: 60_000) + "exists(user)",
            String(repeating: "(", count: 30_000) + "cart.total > 1" + String(repeating: ")", count: 30_000),
        ]
        for predicate in predicates {
            let run = InspectorRun(["bisect", BisectTestSupport.fixture("shop.jsonl"), "--until", predicate])
            #expect(run.code == 64)
            #expect(run.out == "")
            #expect(
                run.err.split(separator: "\n").first.map(String.init)
                    == #"Error: invalid predicate '\#(predicate.prefix(80))…': nested too deeply: at most 512 levels of "!" and parentheses at column 513"#
            )
            #expect(run.err.hasSuffix("See 'redux-inspect bisect --help' for more information.\n"))
        }
    }

    @Test func aNumberWithAnExponentTooLongForAnIntIsComparedByValue() throws {
        let shop = InspectorRun([
            "bisect", BisectTestSupport.fixture("shop.jsonl"), "--until",
            "cart.total == 9e9999999999999999999",
        ])
        #expect(shop.code == 1)
        #expect(
            shop.lines.first?.hasSuffix(
                "never holds: not in the initial state, nor after any of the 27 steps (seq 1…27)") == true)
        let file = try BisectTestSupport.write([
            #"{"format":"redux-inspect","version":1,"initialState":{"n":0}}"#,
            #"{"seq":1,"type":"set","action":{"set":{}},"state":{"n":1e9999999999999999999}}"#,
            #"{"seq":2,"type":"set","action":{"set":{}},"state":{"n":2}}"#,
            #"{"seq":3,"type":"set","action":{"set":{}},"state":{"n":1e-9999999999999999999}}"#,
        ])
        let two = InspectorRun(["bisect", file, "--until", "n == 2"])
        #expect(two.code == 0)
        #expect(two.lines.first == "n == 2 holds first at seq 2 (step 2 of 3)")
        let minute = InspectorRun(["bisect", file, "--until", "n > 0 && n < 1e-400"])
        #expect(minute.lines.first == "n > 0 && n < 1e-400 holds first at seq 3 (step 3 of 3)")
    }

    @Test func aRecordingWithoutStatesAndWithoutItsReducerSaysWhichItNeeds() throws {
        let file = try BisectTestSupport.write([
            #"{"format":"redux-inspect","version":1,"reducer":"payroll","initialState":{"n":0}}"#,
            #"{"seq":1,"type":"bump","action":{"bump":{}}}"#,
        ])
        let run = InspectorRun(["bisect", file, "--until", "n > 0"])
        #expect(run.code == 64)
        #expect(run.err.contains(#"names reducer "payroll", which this inspector does not have"#))
    }
}
