/// The coding paths of one decode, each a key after another path and named by an index.
///
/// A container of ``JSONRawDecoder`` keeps the index of its path, one word, instead of an
/// array of keys: the box `KeyedDecodingContainer` wraps a container in copies it for every
/// call, and an array of existentials is slow to copy. A path is put together only when
/// asked for, which in a decode that succeeds is seldom.
///
/// The nodes are kept in a ``RawStack``, not an array: emptying it between decodes is one
/// deinitialization rather than the array's generic range replacement.
struct CodingPathTree: ~Copyable {
    /// The index of the empty path.
    static let root = -1

    /// A path: its parent's index and its last key. (Not private: the compiler fails to
    /// link a private type stored in a stack that another file's initializer creates.)
    struct Node {
        let parent: Int
        let key: any CodingKey
    }

    private var nodes = RawStack<Node>(capacity: 8)

    /// The number of paths besides the root.
    var count: Int { nodes.count }

    /// The index of the path `parent` followed by `key`.
    mutating func path(after parent: Int, _ key: any CodingKey) -> Int {
        nodes.append(Node(parent: parent, key: key))
        return nodes.count - 1
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
        nodes.truncate(to: 0)
    }
}
