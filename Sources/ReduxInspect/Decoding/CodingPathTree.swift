/// The coding paths of one decode, each a key after another path and named by an index.
///
/// A container of ``JSONRawDecoder`` keeps the index of its path, one word, instead of an
/// array of keys: the box `KeyedDecodingContainer` wraps a container in copies it for every
/// call, and an array of existentials is slow to copy. A path is put together only when
/// asked for, which in a decode that succeeds is seldom.
///
/// The nodes live in memory the tree allocates itself, as the decoder's members do, so that
/// emptying it between decodes is one deinitialization rather than the array's generic
/// range replacement. Its owner calls ``deallocate()`` once, when done with it.
struct CodingPathTree {
    /// The index of the empty path.
    static let root = -1

    private struct Node {
        let parent: Int
        let key: any CodingKey
    }

    private var nodes: UnsafeMutablePointer<Node>
    private var capacity: Int
    /// The number of paths besides the root.
    private(set) var count = 0

    init() {
        capacity = 8
        nodes = .allocate(capacity: capacity)
    }

    /// The index of the path `parent` followed by `key`.
    mutating func path(after parent: Int, _ key: any CodingKey) -> Int {
        if count == capacity {
            let larger = UnsafeMutablePointer<Node>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: nodes, count: count)
            nodes.deallocate()
            nodes = larger
            capacity *= 2
        }
        (nodes + count).initialize(to: Node(parent: parent, key: key))
        count += 1
        return count - 1
    }

    /// The keys of path `index`, outermost first.
    func path(_ index: Int) -> [any CodingKey] {
        var path: [any CodingKey] = []
        var index = index
        while index != Self.root {
            path.append(nodes[index].key)
            index = nodes[index].parent
        }
        path.reverse()
        return path
    }

    /// Forgets every path but the root, keeping the memory for the next decode.
    mutating func removeAll() {
        nodes.deinitialize(count: count)
        count = 0
    }

    /// Frees the tree's memory; it must not be used afterwards.
    func deallocate() {
        nodes.deinitialize(count: count)
        nodes.deallocate()
    }
}
