import Redux
import Testing

/// An action that names itself in recordings.
enum NamedAction: Codable, Sendable, RecordableAction {
    case ping(Int)
    var recordedType: String { "network.ping" }
}

/// An action that is not an enum.
struct StructAction: Codable, Sendable {
    var value = 1
}

/// A payload-less action with a description for people, which must not become its type.
enum DescribedAction: Codable, Sendable, CustomStringConvertible {
    case reset
    case rename(String)
    var description: String { "Reset the counter" }
}

@Suite struct ActionTypeTests {
    struct Example: Sendable, CustomTestStringConvertible {
        let action: any Sendable
        let expected: String
        var testDescription: String { "\(expected)" }
    }

    static let examples = [
        Example(action: CounterAction.increment, expected: "increment"),
        Example(action: CounterAction.incrementBy(n: 5), expected: "incrementBy"),
        Example(
            action: AuthAction.login(
                Credentials(user: "a", secret: Nested(password: "p", pin: "1", hint: "h"))),
            expected: "login"),
        Example(action: AuthAction.logout, expected: "logout"),
        Example(action: NamedAction.ping(3), expected: "network.ping"),
        Example(action: StructAction(), expected: "StructAction"),
        Example(action: DescribedAction.rename("x"), expected: "rename"),
    ]

    @Test(arguments: examples)
    func nameIsTheCaseName(_ example: Example) {
        #expect(ActionType.name(of: example.action) == example.expected)
    }

    /// A payload-less case of an enum that is `CustomStringConvertible` must still be named by
    /// its case, or `redux-inspect log --type reset` cannot find it.
    @Test func payloadlessCaseOfADescribedEnumIsNamedByItsCase() {
        #expect(ActionType.name(of: DescribedAction.reset) == "reset")
    }
}
