/// ``ActionType/name(of:)`` remembered per enum case, for the recorder's writer thread.
///
/// Deriving the name reflects on the action with `Mirror`, which cost as much as encoding a
/// small state; the name of an enum case does not depend on its payload, so it is derived
/// once per case. The case is told by the runtime's case-name lookup (what `print` uses for
/// enums), which is cheap; where that finds no case, or the type decides its own name or
/// mirror, every action is named from scratch.
///
/// Not thread-safe: one per writer.
package final class ActionTypeCache {
    private struct TypeEntry {
        let type: ObjectIdentifier
        /// False when the name may depend on more than the case: a ``RecordableAction`` or
        /// a custom mirror.
        let isCacheable: Bool
        /// Names by the address of the case's name in the type's reflection metadata.
        var names: [UnsafeRawPointer: String] = [:]
    }

    /// Usually one: the recorder's `Action`.
    private var entries: [TypeEntry] = []

    /// An empty cache.
    package init() {}

    /// The same as ``ActionType/name(of:)``.
    package func name<A>(of action: A) -> String {
        let type = ObjectIdentifier(Swift.type(of: action))
        let index =
            entries.firstIndex { $0.type == type }
            ?? add(TypeEntry(type: type, isCacheable: !(action is any RecordableAction || action is any CustomReflectable)))
        guard entries[index].isCacheable, let caseName = enumCaseName(action) else { return ActionType.name(of: action) }
        let key = UnsafeRawPointer(caseName)
        if let name = entries[index].names[key] { return name }
        let (name, sameForCase) = ActionType.derive(action)
        if sameForCase { entries[index].names[key] = name }
        return name
    }

    private func add(_ entry: TypeEntry) -> Int {
        entries.append(entry)
        return entries.count - 1
    }
}

/// The runtime function behind `String(describing:)` for enum cases: the case's name in the
/// type's reflection metadata, at an address fixed per case; nil for values that are not
/// enums or types built without reflection metadata.
@_silgen_name("swift_EnumCaseName")
private func enumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?
