/// The address of the place a ``RawDiffWalker`` compares, kept as the raw steps that lead
/// there: byte ranges in the two texts and integers. The ``JSONPath`` and ``JSONPointer`` of a
/// change are built from it only when a change is recorded.
///
/// A walk enters many more places than it records changes at (every member and element whose
/// bytes differ, on the way down to the scalar that changed), so keys, ids and index tokens
/// made as strings on entering, and freed on leaving, cost more than the changes themselves.
/// The steps hold nothing to retain, and they are on a ``RawStack``, so pushing and popping
/// them is a copy of a few words.
struct RawDiffAddress: ~Copyable {
    /// Which of the two texts a range is in.
    enum Side {
        case old, new
    }

    /// One step down from the place above.
    enum Step {
        /// The member whose key is in `range` of the text on `side`, between its quotes;
        /// `plain` when it is printable ASCII without escapes (``RawJSON/Member/plainKey``),
        /// so that its bytes are the key. Other keys have been decoded once, which checked them.
        case key(Range<Int>, plain: Bool, side: Side)
        /// The element at `index`, whose pointer token is `token` (they differ for a removal
        /// after others, which shift it down).
        case index(Int, token: Int)
        /// The element of an id-matched array whose id is the scalar in `range` of the text on
        /// `side`, checked valid; its pointer token is `token`.
        case id(Range<Int>, side: Side, token: Int)
    }

    private var stack = RawStack<Step>()

    /// The steps from the root, outermost first, until the address next changes.
    var steps: UnsafeBufferPointer<Step> { stack.buffer(from: 0) }

    /// Goes one step down.
    @inline(__always)
    mutating func push(_ step: Step) {
        stack.append(step)
    }

    /// Goes back up the step `push` went down.
    @inline(__always)
    mutating func pop() {
        stack.truncate(to: stack.count - 1)
    }

    /// Goes back to the root, keeping the memory.
    mutating func removeAll() {
        stack.truncate(to: 0)
    }

    /// The path and pointer tokens of the place, with keys and ids read from `old` and `new`.
    func build(old: RawJSON, new: RawJSON) throws(RawJSON.Malformed) -> (
        path: [JSONPath.Component], pointer: [String]
    ) {
        try Self.build(steps, old: old, new: new)
    }

    /// The path and pointer tokens of the place `steps` lead to, with keys and ids read from
    /// `old` and `new`.
    static func build(_ steps: some Collection<Step>, old: RawJSON, new: RawJSON) throws(RawJSON.Malformed) -> (
        path: [JSONPath.Component], pointer: [String]
    ) {
        var path: [JSONPath.Component] = []
        var pointer: [String] = []
        path.reserveCapacity(steps.count)
        pointer.reserveCapacity(steps.count)
        for step in steps {
            switch step {
            case .key(let range, let plain, let side):
                let key = try (side == .old ? old : new).key(range, plain: plain)
                path.append(.key(key))
                pointer.append(key)
            case .index(let index, let token):
                path.append(.index(index))
                pointer.append(Self.token(token))
            case .id(let range, let side, let token):
                path.append(.id(try (side == .old ? old : new).parse(range)))
                pointer.append(Self.token(token))
            }
        }
        return (path, pointer)
    }

    /// The pointer token of array index `index`: its decimal text.
    static func token(_ index: Int) -> String {
        index < smallTokens.count ? smallTokens[index] : String(index)
    }

    /// The tokens of the indices most arrays a state holds stay below, made once.
    private static let smallTokens = (0..<64).map { String($0) }
}
