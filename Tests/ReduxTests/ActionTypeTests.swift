import Testing

@testable import Redux

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

/// An action whose name depends on its payload, which the cache must not keep per case.
enum PayloadNamedAction: Codable, Sendable, RecordableAction {
    case event(String)
    var recordedType: String {
        guard case .event(let name) = self else { return "" }
        return name
    }
}

/// An enum with a mirror of its own, which decides what `Mirror` reports.
enum MirroredAction: Codable, Sendable, CustomReflectable {
    case tick(Int)
    case stop
    var customMirror: Mirror {
        guard case .tick(let n) = self else { return Mirror(self, children: [], displayStyle: .enum) }
        return Mirror(self, children: ["tick\(n)": n], displayStyle: .enum)
    }
}

/// Payload-less cases whose encoding is not `{"case":{}}`: named by their description.
enum RawAction: String, Codable, Sendable {
    case first, second
}

final class ClassAction: Codable, Sendable {}
final class SubclassLike: Codable, Sendable {}

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

    /// The writer thread's cache must name every action as ``ActionType/name(of:)`` does,
    /// however the actions alternate.
    @Test func cacheNamesAsActionTypeDoes() {
        let actions: [any Sendable] =
            Self.examples.map(\.action) + [
                DescribedAction.reset, PayloadNamedAction.event("a"), PayloadNamedAction.event("b"),
                MirroredAction.tick(1), MirroredAction.tick(2), MirroredAction.stop, RawAction.first, RawAction.second,
                ClassAction(), SubclassLike(), Optional(CounterAction.increment), Optional<CounterAction>.none,
                CounterAction.incrementBy(n: 9), FlowAction.trigger, FlowAction.followUp, 42, "text",
            ]
        let cache = ActionTypeCache()
        for round in 0..<3 {
            for action in round == 1 ? actions.reversed() : actions {
                #expect(cache.name(of: action) == ActionType.name(of: action), "\(action)")
            }
        }
        for action in [CounterAction.increment, .incrementBy(n: 1), .increment, .reset, .incrementBy(n: 2)] {
            #expect(cache.name(of: action) == ActionType.name(of: action))
        }
        for action in [PayloadNamedAction.event("x"), .event("y")] {
            #expect(cache.name(of: action) == ActionType.name(of: action))
        }
    }
}
