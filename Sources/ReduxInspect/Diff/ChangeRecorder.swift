/// A diff walk's bookkeeping: the address of the place being compared, as a path for people
/// and a JSON Pointer for patches, and the changes found so far. The byte-level diff keeps
/// its address raw (``RawDiffAddress``) and builds the same path and pointer when it records.
protocol ChangeRecorder {
    /// The path to the current place.
    var path: [JSONPath.Component] { get set }
    /// The pointer tokens to the current place, valid when its change is applied.
    var pointer: [String] { get set }
    /// The changes found so far, in apply order.
    var changes: [JSONChange] { get set }
}

extension ChangeRecorder {
    /// Pushes one step onto both addresses.
    mutating func enter(_ component: JSONPath.Component, _ token: String) {
        path.append(component)
        pointer.append(token)
    }

    /// Pops the step `enter` pushed.
    mutating func leave() {
        path.removeLast()
        pointer.removeLast()
    }

    /// Records a change at the current address; a move also names where it comes from.
    mutating func record(_ kind: JSONChange.Kind, from fromToken: String? = nil) {
        let fromPointer = fromToken.map { JSONPointer(pointer.dropLast() + [$0]) }
        changes.append(
            JSONChange(path: JSONPath(path), kind: kind, pointer: JSONPointer(pointer), fromPointer: fromPointer))
    }
}
