import Foundation
@testable import Redux
import Testing

@Suite struct RecorderRedactionTests {
    static let login = AuthAction.login(
        Credentials(user: "ada", secret: Nested(password: "hunter2", pin: "4321", hint: "cat's name")))

    @Test(arguments: [["password", "pin"], ["PASSWORD", "Pin"], ["Password", "PIN"]])
    func nestedSecretsAreRedactedWhateverTheCaseOfTheKey(_ keys: Set<String>) throws {
        let (lines, state) = recordedLines(
            initialState: AuthState(), reducer: authReducer,
            options: steppingOptions(redactedKeys: keys), actions: [Self.login, .logout])

        #expect(state == AuthState(user: nil, attempts: 1))
        try #require(lines.count == 4)
        #expect(
            lines[1]
                == #"{"seq":1,"time":"2026-11-22T10:00:00.100Z","type":"login","#
                + #""action":{"login":{"_0":{"user":"ada","secret":{"password":"<redacted>","PIN":"<redacted>","#
                + #""hint":"cat's name"}}}},"state":{"user":"ada","attempts":1}}"#)
        let recording = lines.joined(separator: "\n")
        #expect(!recording.contains("hunter2"))
        #expect(!recording.contains("4321"))
        let secret = try #require(
            ((jsonObject(lines[1])["action"] as? [String: Any])?["login"] as? [String: Any])?["_0"]
                as? [String: Any])
        let nested = try #require(secret["secret"] as? [String: String])
        #expect(nested == ["password": "<redacted>", "PIN": "<redacted>", "hint": "cat's name"])
    }

    @Test func withoutRedactedKeysTheValuesAreWritten() {
        let (lines, _) = recordedLines(
            initialState: AuthState(), reducer: authReducer,
            options: steppingOptions(redactedKeys: []), actions: [Self.login])

        #expect(lines[1].contains(#""password":"hunter2","PIN":"4321""#))
    }

    @Test func redactedObjectsKeepTheirShapeInStatesHeaderAndEnd() throws {
        let (lines, state) = recordedLines(
            initialState: SessionState(user: "ada", token: Token(value: "tok-initial", expires: 1)),
            reducer: sessionReducer, options: steppingOptions(),
            actions: [.signIn(token: "tok-SECRET-1"), .refresh(token: "tok-SECRET-2")])

        #expect(state.token?.value == "tok-SECRET-2")
        #expect(
            lines == [
                #"{"format":"redux-inspect","version":1,"reducer":"test","started":"2026-11-22T10:00:00.000Z","#
                    + #""initialState":{"user":"ada","token":{"value":"<redacted>","expires":"<redacted>"}}}"#,
                #"{"seq":1,"time":"2026-11-22T10:00:00.100Z","type":"signIn","#
                    + #""action":{"signIn":{"token":"<redacted>"}},"#
                    + #""state":{"user":"ada","token":{"value":"<redacted>","expires":"<redacted>"}}}"#,
                #"{"seq":2,"time":"2026-11-22T10:00:00.200Z","type":"refresh","#
                    + #""action":{"refresh":{"token":"<redacted>"}},"#
                    + #""state":{"user":"ada","token":{"value":"<redacted>","expires":"<redacted>"}}}"#,
                #"{"end":{"seq":2,"state":{"user":"ada","token":{"value":"<redacted>","expires":"<redacted>"}}}}"#,
            ])
    }

    /// The recording's own keys are the format's: an app that redacts a key of the same name
    /// (an OAuth `state`, an `action` of its own) redacts it in its values, never in the line
    /// around them, which would leave a file the inspector cannot read or replay.
    static let formatKeys: Set<String> = [
        "format", "version", "reducer", "app", "started", "initialState", "seq", "time", "type", "action",
        "state", "us", "end", "gap", "after", "dropped", "reason",
    ]

    @Test func theFormatsOwnKeysAreNeverRedacted() throws {
        func lines(redacting keys: Set<String>) -> [String] {
            recordedLines(
                initialState: SessionState(user: "ada", token: Token(value: "tok-initial", expires: 1)),
                reducer: sessionReducer, options: steppingOptions(redactedKeys: keys),
                actions: [.signIn(token: "tok-SECRET-1"), .refresh(token: "tok-SECRET-2")]
            ).lines
        }

        // The same file as with `token` alone, which the test above holds byte for byte.
        let tokenOnly = lines(redacting: ["token"])
        #expect(tokenOnly.count == 4)
        #expect(lines(redacting: Self.formatKeys.union(["token"])) == tokenOnly)

        var gap: [UInt8] = []
        try RecordingLine<SessionState, SessionAction>.gap(after: 4, dropped: 2, reason: "queue full").encode(
            with: JSONLineWriter(redactedKeys: Self.formatKeys), to: &gap)
        #expect(String(decoding: gap, as: UTF8.self) == #"{"gap":{"after":4,"dropped":2,"reason":"queue full"}}"# + "\n")
    }
}
