import Foundation
import Redux
import Testing

/// An action whose payload cannot be encoded as JSON (NaN) next to a secret.
enum ProbeAction: Encodable, Sendable {
    case login(password: String, score: Double)
}

@Suite struct ConsoleLoggerTests {
    /// A store logging into the returned box.
    static func loggedStore<State: Encodable & Sendable, Action: Encodable & Sendable>(
        _ initialState: State, _ reducer: Reducer<State, Action>,
        filter: @escaping @Sendable (Action) -> Bool = { _ in true }
    ) -> (Store<State, Action>, LockedBox<[String]>) {
        let entries = LockedBox<[String]>([])
        let logger = ConsoleLogger<State, Action>(filter: filter, output: { entries.append($0) })
        return (Store(initialState: initialState, reducer: reducer, middleware: [logger.middleware]), entries)
    }

    /// The entry with its duration, which varies, replaced by `(µs)`.
    static func normalized(_ entry: String) -> String {
        entry.replacing(#/ \(\d+ µs\)\n/#, with: " (µs)\n")
    }

    @Test func entryShowsActionChangedPathsAndDuration() throws {
        let (store, entries) = Self.loggedStore(CounterState(), counterReducer)

        store.dispatch(.incrementBy(n: 5))

        try #require(entries.value.count == 1)
        let firstLine = try #require(entries.value[0].split(separator: "\n").first)
        let pattern = #/action incrementBy \{"incrementBy":\{"n":5\}\} \(\d+ µs\)/#
        #expect(firstLine.wholeMatch(of: pattern) != nil)
        #expect(
            entries.value.map(Self.normalized) == [
                "action incrementBy {\"incrementBy\":{\"n\":5}} (µs)\n  ~ count: 0 → 5"
            ])
    }

    @Test func entryShowsAddedRemovedAndUnchanged() {
        let (shop, shopEntries) = Self.loggedStore(ShopState(), shopReducer)
        let tea = ShopItem(name: "Tea", price: Decimal(string: "9.99")!, quantity: 2, tags: ["green"])
        shop.dispatch(.add(tea))
        shop.dispatch(.measure(1.5))
        let (auth, authEntries) = Self.loggedStore(AuthState(user: "ada", attempts: 1), authReducer)
        auth.dispatch(.logout)

        #expect(
            shopEntries.value.map(Self.normalized) == [
                #"action add {"add":{"_0":{"name":"Tea","price":9.99,"quantity":2,"tags":["green"]}}} (µs)"#
                    + "\n"
                    + #"  + items[0]: {"name":"Tea","price":9.99,"quantity":2,"tags":["green"]}"# + "\n"
                    + "  ~ total: 0 → 19.98",
                #"action measure {"measure":{"_0":1.5}} (µs)"# + "\n  (no change)",
            ])
        #expect(
            authEntries.value.map(Self.normalized) == [
                #"action logout {"logout":{}} (µs)"# + "\n" + #"  - user: "ada""#
            ])
    }

    @Test func filteredActionsAreReducedButNotLogged() {
        let (store, entries) = Self.loggedStore(CounterState(), counterReducer, filter: { $0 != .increment })

        store.dispatch(.increment)
        store.dispatch(.increment)
        store.dispatch(.reset)

        #expect(store.state.count == 0)
        #expect(
            entries.value.map(Self.normalized) == [#"action reset {"reset":{}} (µs)"# + "\n  ~ count: 2 → 0"])
    }

    @Test func redactedActionValuesAreNeverPrinted() {
        let (store, entries) = Self.loggedStore(AuthState(), authReducer)

        store.dispatch(RecorderRedactionTests.login)

        #expect(
            entries.value.map(Self.normalized) == [
                #"action login {"login":{"_0":{"user":"ada","secret":{"password":"<redacted>","PIN":"4321","#
                    + #""hint":"cat's name"}}}} (µs)"# + "\n" + #"  + user: "ada""# + "\n"
                    + "  ~ attempts: 0 → 1"
            ])
        #expect(!entries.value.joined().contains("hunter2"))
    }

    @Test func redactedStateValuesAreNeverPrintedEvenInsideARedactedObject() throws {
        let (store, entries) = Self.loggedStore(SessionState(), sessionReducer)

        store.dispatch(.signIn(token: "tok-SECRET-1"))
        store.dispatch(.refresh(token: "tok-SECRET-2"))

        try #require(entries.value.count == 2)
        #expect(
            Self.normalized(entries.value[0])
                == #"action signIn {"signIn":{"token":"<redacted>"}} (µs)"# + "\n"
                + #"  + token: {"value":"<redacted>","expires":"<redacted>"}"#)
        #expect(
            Self.normalized(entries.value[1]).hasPrefix(
                #"action refresh {"refresh":{"token":"<redacted>"}} (µs)"#))
        #expect(!entries.value.joined().contains("tok-SECRET"), "\(entries.value)")
    }

    struct Keyring: Codable, Sendable, Equatable {
        struct Key: Codable, Sendable, Equatable {
            var id: String
            var uses: Int
        }
        var token: [Key] = []
        var keys: [Key] = []
    }

    /// A wide dictionary with one value changed is one line, found by key through a table
    /// rather than by a search through the 100,000 others for each member.
    @Test(.hangGuard) func aWideStateWithOneValueChangedIsOneLineAtOnce() throws {
        let wide = Dictionary(uniqueKeysWithValues: (0..<100_000).map { ("k\($0)", 0) })
        let reducer = Reducer<[String: Int], String> { state, key in state[key, default: 0] += 1 }
        let (store, entries) = Self.loggedStore(wide, reducer)

        store.dispatch("k99999")

        try #require(entries.value.count == 1)
        #expect(entries.value[0].split(separator: "\n").dropFirst() == ["  ~ k99999: 0 → 1"])
    }

    /// A tag put in at the front of a list without ids is one line at index 0, as
    /// `redux-inspect` says it, not a change at every index after it.
    @Test func anElementPutInAtTheFrontOfAListIsOneLine() throws {
        let reducer = Reducer<[String], String> { tags, tag in tags.insert(tag, at: 0) }
        let (store, entries) = Self.loggedStore(["swift", "redux"], reducer)

        store.dispatch("new")

        try #require(entries.value.count == 1)
        #expect(entries.value[0].split(separator: "\n").dropFirst() == [#"  + [0]: "new""#])
    }

    /// Elements with ids are named by id, as `redux-inspect` names them; under a redacted key
    /// by position, so that no id is printed in a path, and as the recording shows them: its
    /// placeholders make the two keys alike, so the last is the one said to go, as
    /// `redux-inspect diff` says of the recorded step.
    @Test func elementsWithIDsAreNamedByIDExceptUnderARedactedKey() throws {
        let keys = [Keyring.Key(id: "k-SECRET-1", uses: 1), Keyring.Key(id: "k-SECRET-2", uses: 1)]
        let reducer = Reducer<Keyring, [Keyring.Key]> { state, keys in
            state.token = keys
            state.keys = keys
        }
        let (store, entries) = Self.loggedStore(Keyring(token: keys, keys: keys), reducer)

        store.dispatch([keys[1]])

        try #require(entries.value.count == 1)
        let lines = entries.value[0].split(separator: "\n").dropFirst().map(String.init)
        #expect(
            lines == [
                #"  - token[1]: {"id":"<redacted>","uses":"<redacted>"}"#,
                #"  - keys[id="k-SECRET-1"]: {"id":"k-SECRET-1","uses":1}"#,
            ])
    }

    @Test func actionThatCannotBeEncodedDoesNotPrintItsSecrets() {
        let entries = LockedBox<[String]>([])
        let logger = ConsoleLogger<CounterState, ProbeAction>(output: { entries.append($0) })
        let store = Store(
            initialState: CounterState(), reducer: Reducer { _, _ in }, middleware: [logger.middleware])

        store.dispatch(.login(password: "hunter2", score: .nan))

        #expect(entries.value.count == 1)
        #expect(entries.value.first?.hasPrefix("action login ") == true)
        #expect(!entries.value.joined().contains("hunter2"), "\(entries.value)")
    }

    /// Redaction is decided on each key, as the recorder decides it: a key with a dot in it
    /// used to be split where the printed path has dots, and its values were printed. The
    /// path quotes such a key, as `redux-inspect` does.
    @Test func aRedactedKeyWithADotInItIsHiddenInTheDiff() {
        let entries = LockedBox<[String]>([])
        let logger = ConsoleLogger<[String: Int], Int>(
            redactedKeys: ["session.secret"], output: { entries.append($0) })
        let store = Store(
            initialState: ["other": 1], reducer: Reducer { state, action in state["session.secret"] = action },
            middleware: [logger.middleware])

        store.dispatch(1234)
        store.dispatch(5678)

        #expect(
            entries.value.map(Self.normalized) == [
                "action Int 1234 (µs)\n" + #"  + ["session.secret"]: "<redacted>""#,
                "action Int 5678 (µs)\n" + #"  ~ ["session.secret"]: "<redacted>" → "<redacted>""#,
            ])
    }
}
