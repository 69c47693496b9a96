import Foundation
import Testing

@testable import Redux

/// A redacted value keeps its shape, so that a replay can decode it: objects keep their keys,
/// arrays their length, booleans and `null` stay, and every string and number inside is
/// written as `"<redacted>"`.
@Suite struct RedactionShapeTests {
    struct AuthToken: Codable, Sendable, Equatable {
        var value: String
        var expires: Int
        var refreshable = true
        var scope: String?
    }

    enum Grant: Codable, Sendable, Equatable {
        case token(String)
        case code(Int, verifier: String)
        case none
    }

    struct Everything: Codable, Sendable {
        var double = 1.5
        var float: Float = 2.25
        var decimal = Decimal(string: "9.99")!
        var negative = -7
        var big = UInt64.max
        var date = Date(timeIntervalSinceReferenceDate: 12)
        var url = URL(string: "https://example.com/secret")!
        var data = Data("secret".utf8)
        var flag = false
        var maybe: [String?] = [nil, "secret"]
        var matrix = [[1, 2], [3]]
        var empty: [Int] = []
        var nothing: [String: Int] = [:]
        var odd = ["a\"b\\": "c\"d\\", "x:y": "e\n"]
        var counts = ["b": 2, "a": 1]
    }

    static func encoded(_ value: some Encodable, redacting keys: Set<String> = ["password", "token"]) throws -> String {
        String(decoding: try RecordingEncoder(redactedKeys: keys).encode(value), as: UTF8.self)
    }

    @Test func anObjectKeepsItsKeysAndHidesItsStringsAndNumbers() throws {
        struct Session: Codable { var user = "ada"; var token: AuthToken? = AuthToken(value: "abc", expires: 123) }

        #expect(
            try Self.encoded(Session())
                == #"{"user":"ada","token":{"value":"<redacted>","expires":"<redacted>","refreshable":true}}"#)
        #expect(try Self.encoded(Session(token: nil)) == #"{"user":"ada"}"#)
    }

    @Test func enumCasesKeepTheirNamesAndLabels() throws {
        struct Holder: Codable { var token: Grant }

        #expect(try Self.encoded(Grant.token("abc")) == #"{"token":{"_0":"<redacted>"}}"#)
        #expect(try Self.encoded(Holder(token: .token("abc"))) == #"{"token":{"token":{"_0":"<redacted>"}}}"#)
        #expect(
            try Self.encoded(Holder(token: .code(42, verifier: "v")))
                == #"{"token":{"code":{"_0":"<redacted>","verifier":"<redacted>"}}}"#)
        #expect(try Self.encoded(Holder(token: .none)) == #"{"token":{"none":{}}}"#)
    }

    @Test func arraysKeepTheirLengthAtAnyDepth() throws {
        struct Wallet: Codable {
            var token = [AuthToken(value: "a", expires: 1), AuthToken(value: "b", expires: 2, refreshable: false)]
        }

        #expect(
            try Self.encoded(Wallet())
                == #"{"token":[{"value":"<redacted>","expires":"<redacted>","refreshable":true},"#
                + #"{"value":"<redacted>","expires":"<redacted>","refreshable":false}]}"#)
    }

    @Test func everyKindOfLeafIsHiddenExceptBooleansAndNull() throws {
        struct Holder: Codable { var password = Everything() }

        let text = try Self.encoded(Holder())
        #expect(
            text
                == #"{"password":{"double":"<redacted>","float":"<redacted>","decimal":"<redacted>","#
                + #""negative":"<redacted>","big":"<redacted>","date":"<redacted>","url":"<redacted>","#
                + #""data":"<redacted>","flag":false,"maybe":[null,"<redacted>"],"#
                + #""matrix":[["<redacted>","<redacted>"],["<redacted>"]],"empty":[],"nothing":{},"#
                + #""odd":{"a\"b\\":"<redacted>","x:y":"<redacted>"},"counts":{"a":"<redacted>","b":"<redacted>"}}}"#)
        for secret in ["1.5", "2.25", "9.99", "-7", "18446744073709551615", "example.com", "c\\\"d", "\\n", "c2VjcmV0"] {
            #expect(!text.contains(secret), "\(secret) in \(text)")
        }
    }

    @Test func aScalarUnderTheKeyIsThePlaceholderAndBooleansAndNullStay() throws {
        struct Scalars: Codable {
            var token = 42
            var password = "hunter2"
            var Token = true
            var PASSWORD: Int?

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(token, forKey: .token)
                try container.encode(password, forKey: .password)
                try container.encode(Token, forKey: .Token)
                try container.encodeNil(forKey: .PASSWORD)
            }
        }

        #expect(
            try Self.encoded(Scalars())
                == #"{"token":"<redacted>","password":"<redacted>","Token":true,"PASSWORD":null}"#)
    }

    @Test(arguments: [["token"], ["TOKEN"], ["ToKeN"]])
    func keysMatchWhateverTheirCaseAndDepth(_ keys: Set<String>) throws {
        struct Deep: Codable { var level1 = Level1() }
        struct Level1: Codable { var items = [Level2()] }
        struct Level2: Codable { var Token = AuthToken(value: "deep-secret", expires: 9); var kept = "visible" }

        #expect(
            try Self.encoded(Deep(), redacting: keys)
                == #"{"level1":{"items":[{"Token":{"value":"<redacted>","expires":"<redacted>","refreshable":true},"#
                + #""kept":"visible"}]}}"#)
    }

    /// The streaming encoder and the tree writer redact alike (the differential tests compare
    /// them on many values; these are the shapes redaction rewrites).
    @Test func streamingAndTreeWritersAgree() throws {
        struct Holder: Codable {
            var token = Everything()
            var password = [Grant.token("a"), .code(1, verifier: "b"), .none]
            var nested = ["token": ["password": [1, 2]]]
        }

        for keys: Set<String> in [["token", "password"], ["TOKEN"], ["odd", "a"], ["maybe", "matrix", "nested"]] {
            var tree: [UInt8] = []
            JSONLineWriter(redactedKeys: keys).write(try EncodedValue.encode(Holder()), to: &tree)
            let streamed = try RecordingEncoder(redactedKeys: keys).encode(Holder())
            #expect(String(decoding: streamed, as: UTF8.self) == String(decoding: tree, as: UTF8.self), "\(keys)")
        }
    }

    @Test func theRecorderWritesShapeKeptActionsAndStates() throws {
        struct State: Codable, Sendable, Equatable {
            var user: String?
            var token: AuthToken?
        }
        enum Action: Codable, Sendable {
            case loggedIn(user: String, token: AuthToken)
            case token(String)
            case logout
        }
        let reducer = Reducer<State, Action> { state, action in
            switch action {
            case .loggedIn(let user, let token):
                state.user = user
                state.token = token
            case .token(let value): state.token?.value = value
            case .logout: state = State()
            }
        }

        let (lines, _) = recordedLines(
            initialState: State(), reducer: reducer, options: steppingOptions(),
            actions: [
                .loggedIn(user: "ada", token: AuthToken(value: "tok-SECRET", expires: 1_800_000_000, scope: "all")),
                .token("tok-NEW"), .logout,
            ])

        try #require(lines.count == 5)
        let token = #"{"value":"<redacted>","expires":"<redacted>","refreshable":true,"scope":"<redacted>"}"#
        #expect(lines[1].contains(#""action":{"loggedIn":{"user":"ada","token":\#(token)}}"#), "\(lines[1])")
        #expect(lines[1].contains(#""state":{"user":"ada","token":\#(token)}"#), "\(lines[1])")
        #expect(lines[2].contains(#""action":{"token":{"_0":"<redacted>"}}"#), "\(lines[2])")
        #expect(lines[3].contains(#""state":{}"#), "\(lines[3])")
        let recording = lines.joined(separator: "\n")
        for secret in ["tok-", "1800000000", "all"] { #expect(!recording.contains(secret)) }
    }
}
