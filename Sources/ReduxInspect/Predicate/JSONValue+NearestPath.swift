extension JSONValue {
    /// Where a path that reads nothing in this value was likely meant to go, for "did you
    /// mean …?": the path with its first key that this value lacks replaced by the nearest key
    /// there (``Suggestion/closest(to:among:)``), when the path so mended reads something
    /// (`reads`); `nil` otherwise.
    ///
    /// - Parameters:
    ///   - path: The path as typed.
    ///   - reads: Whether a path reads a value in this state, as the command reads it (a last
    ///     `.count` as a size, say).
    func nearestPath(to path: JSONPath, reads: (JSONPath) -> Bool) -> JSONPath? {
        var node = self
        for (offset, component) in path.components.enumerated() {
            if let next = node.value(at: JSONPath([component])) {
                node = next
                continue
            }
            guard case .key(let key) = component, case .object(let object) = node,
                let closest = Suggestion.closest(to: key, among: object.keys)
            else { return nil }
            var mended = path.components
            mended[offset] = .key(closest)
            let candidate = JSONPath(mended)
            return reads(candidate) ? candidate : nil
        }
        return nil
    }
}

extension Predicate.Operand {
    /// `" (did you mean cart.total?)"` when this operand, a path or a size, reads nothing in
    /// `state` and ``JSONValue/nearestPath(to:reads:)`` finds where it was likely meant to go
    /// there; else empty.
    func didYouMean(in state: JSONValue) -> String {
        let mended: String? =
            switch self {
            case .path(let path):
                state.nearestPath(to: path) { state.value(at: $0) != nil }?.description ?? Self.sizeMeant(by: path, in: state)
            case .count(let parent, let member):
                state.nearestPath(to: parent) { Self.count($0, member: member).value(in: state) != nil }
                    .map { member ? $0.description + "." + JSONPath.sizeName : "count(\($0.description))" }
            case .literal:
                nil
            }
        return mended.map { " (did you mean \(TerminalText.echo($0))?)" } ?? ""
    }

    /// `cart.items.count` for `cart.items.cuont`: a last key that is a typo of the size's
    /// name, under an array, an object or a string (which has a size) that is not the whole
    /// state (where `count` names a member).
    private static func sizeMeant(by path: JSONPath, in state: JSONValue) -> String? {
        guard case .key(let key)? = path.components.last, path.components.count > 1,
            Suggestion.closest(to: key, among: [JSONPath.sizeName]) != nil
        else { return nil }
        let parent = JSONPath(Array(path.components.dropLast()))
        switch state.value(at: parent) {
        case .array?, .object?, .string?: return parent.description + "." + JSONPath.sizeName
        default: return nil
        }
    }
}
