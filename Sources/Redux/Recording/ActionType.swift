/// An action that names its own `type` in recordings, instead of the enum case name the
/// recorder derives by default.
public protocol RecordableAction {
    /// The name shown for this action (`type` in the recording).
    var recordedType: String { get }
}

/// Derives the `type` of an action for the recording and logs.
public enum ActionType {
    /// The action's type name: ``RecordableAction/recordedType`` when it conforms, the case
    /// name for an enum (`incrementBy` for `.incrementBy(n: 5)`), else the type's name.
    ///
    /// - Parameter action: Any action value.
    /// - Returns: A short name for display and filtering.
    public static func name(of action: Any) -> String {
        derive(action).name
    }

    /// The name, and whether every value of the same enum case gets it (so that
    /// ``ActionTypeCache`` may keep it), which holds for the names taken from the case.
    static func derive(_ action: Any) -> (name: String, sameForCase: Bool) {
        if let named = action as? any RecordableAction { return (named.recordedType, false) }
        let mirror = Mirror(reflecting: action)
        guard mirror.displayStyle == .enum else { return (String(describing: type(of: action)), false) }
        if let label = mirror.children.first?.label { return (label, true) }
        // A case without a payload: its synthesized encoding is `{"name":{}}`, which names
        // the case even when the enum has its own `description`.
        if let encodable = action as? any Encodable, case .object(let members) = try? EncodedValue.encode(encodable),
            members.count == 1
        {
            return (members[0].key, true)
        }
        return (String(describing: action), false)
    }
}
