/// The tree diff's bookkeeping: the address of the place being compared, as a path for people
/// and a JSON Pointer for patches, on stacks. The byte-level diff keeps its address raw
/// (``RawDiffAddress``) and builds the same path and pointer when it records.
extension DiffWalker {
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
