import Foundation

/// Writes `Encodable` values straight to JSON bytes, with the same output as encoding an
/// ``EncodedValue`` tree and writing it with ``JSONLineWriter``, without building the tree.
///
/// Synthesized conformances finish each nested value before going on, which is what this
/// relies on. Anything else the `Encoder` protocol allows (writing to a parent after opening a
/// nested container, encoding a single value twice, duplicate keys, a stale encoder) marks
/// the encoding as failed, and ``encodeTopLevel(_:)`` encodes that value again with the tree
/// encoder. Dictionaries and sets, which need sorting, are encoded with the tree encoder too.
final class StreamingEncoder {
    /// The output so far.
    @exclusivity(unchecked) var bytes = OutputBuffer()
    /// Open values and containers, outermost first.
    @exclusivity(unchecked) var frames: [StreamFrame] = []
    /// Where the keys of the open keyed frames were written, to find duplicate keys.
    @exclusivity(unchecked) var keyRanges = KeyRangeStack()
    /// Set when the value was used in a way streaming cannot reproduce.
    @exclusivity(unchecked) var failed = false
    /// The arrays and objects open now, and the most that were since ``reset()``: a line
    /// nested deeper than ``RecordingFormat/maximumDepth`` is not written.
    @exclusivity(unchecked) private var openContainers = 0
    @exclusivity(unchecked) private(set) var deepest = 0
    let writer: JSONLineWriter
    @exclusivity(unchecked) private var nextGeneration = 0
    /// The `type` of entries; made on first use, as only the recorder's encoder needs it.
    lazy var actionTypes = ActionTypeCache()
    @exclusivity(unchecked) private var unorderedTypes = UnorderedTypes()
    @exclusivity(unchecked) private var keyedContainers = KeyedContainerCache()
    @exclusivity(unchecked) private var keyNames = KeyNameCache()
    /// How many ``encodeTopLevel(_:)`` calls are under way: cached containers, which do not
    /// keep the encoder alive, are handed out only then.
    @exclusivity(unchecked) private var valuesBeingEncoded = 0

    /// See ``EncodedValue/encode(_:maximumDepth:)``: the recorder's limit, or `nil`.
    let maximumDepth: Int?
    /// What of the next values to write, when not all of it (see ``KeptPaths``).
    @exclusivity(unchecked) var keptPaths: KeptPaths? {
        didSet {
            prunes = keptPaths.map { !$0.keepsEverything } ?? false
            keptNodes.removeAll(keepingCapacity: true)
        }
    }
    /// Whether members off ``keptPaths`` are left out: the recorder's encoder never does, and
    /// pays one test of this per nested value.
    @exclusivity(unchecked) private(set) var prunes = false
    /// While ``prunes``, each open frame's place in ``keptPaths`` (``KeptPaths/whole`` when all
    /// of it is written), beside ``frames``: kept apart, so that frames stay as small as they
    /// are for the recorder.
    @exclusivity(unchecked) private var keptNodes: [Int] = []

    init(writer: JSONLineWriter, maximumDepth: Int? = nil) {
        self.writer = writer
        self.maximumDepth = maximumDepth
    }

    deinit {
        bytes.deallocate()
        keyNames.deallocate()
        keyedContainers.deallocate()
        keyRanges.deallocate()
    }

    /// Forgets the output and the state a failed line may have left, before the next line.
    func reset() {
        bytes.truncate(to: 0)
        forgetFrames()
        deepest = 0
    }

    /// Forgets the open frames and a failure, after a value was abandoned.
    private func forgetFrames() {
        frames.removeAll(keepingCapacity: true)
        keptNodes.removeAll(keepingCapacity: true)
        keyRanges.truncate(to: 0)
        failed = false
        openContainers = 0
    }

    /// Appends `value`'s JSON, falling back to the tree encoder when streaming cannot
    /// reproduce it.
    ///
    /// - Throws: The tree encoder's `EncodingError` when the value has no JSON form; nothing
    ///   is appended then.
    func encodeTopLevel<T: Encodable>(_ value: T) throws {
        valuesBeingEncoded += 1
        defer {
            valuesBeingEncoded -= 1
            keyedContainers.reclaim()
        }
        let start = bytes.count
        var tooDeep: LineTooDeep?
        do {
            try encodeValue(value, key: nil, redacted: false, node: keptPaths?.top ?? KeptPaths.whole)
            if !failed { return }
        } catch let error as LineTooDeep {
            // The tree encoder would stop at the same place: no need to go there twice.
            tooDeep = error
        } catch {
            // Encoded again below, for the tree encoder's error and coding path.
        }
        bytes.truncate(to: start)
        forgetFrames()
        if let tooDeep { throw tooDeep }
        let tree = try EncodedValue.encode(value, maximumDepth: maximumDepth)
        write(tree)
    }

    /// Appends a tree as ``JSONLineWriter`` writes it.
    private func write(_ tree: EncodedValue) {
        deepest = max(deepest, openContainers + tree.depth)
        var text: [UInt8] = []
        writer.write(tree, to: &text)
        bytes.append(contentsOf: text)
    }

    /// Appends a value nested in the top frame (or at the top level when there is none).
    ///
    /// `key` is consumed: the frame takes it over, where a borrowed one was copied (an
    /// existential `CodingKey`, through its value witnesses) for every value. `node` is the
    /// value's place in ``keptPaths``, ``KeptPaths/whole`` when all of it is written.
    func encodeValue<T: Encodable>(
        _ value: T, key: consuming StreamPathKey?, redacted: Bool, node: Int = KeptPaths.whole
    ) throws {
        try LineTooDeep.check(containers: openContainers, nesting: frames.count, limit: maximumDepth)
        let start = bytes.count
        switch ObjectIdentifier(T.self) {
        case ObjectIdentifier(Decimal.self):
            // `T` is `Decimal`, plain data: a bit cast skips the run-time cast `as!` makes.
            guard DecimalText.write(unsafeBitCast(value, to: Decimal.self), to: &bytes) else { throw fallBack() }
        case ObjectIdentifier(URL.self):
            bytes.appendQuoted((value as! URL).absoluteString)
        case ObjectIdentifier(Data.self):
            bytes.appendQuoted((value as! Data).base64EncodedString())
        default:
            if unorderedTypes.contains(T.self) {
                // Sorting needs the whole collection: let the tree encoder do it.
                let slot = try ValueEncoder(codingPath: codingPath(frames.count - 1), maximumDepth: maximumDepth)
                    .box(value, key: key?.codingKey)
                write(slot.resolved)
            } else {
                let level = frames.count
                let generation = push(key: key, implicit: false, redacted: false, node: node)
                try value.encode(to: StreamValueEncoder(sink: self, level: level, generation: generation))
                guard enter(level, generation) else { return }
                closeTop()
            }
        }
        if redacted { redact(from: start) }
    }

    /// A keyed container for the frame at `level`, reused from an earlier value when it can be.
    ///
    /// Only while a value is being encoded: a container asked for at any other time (through
    /// an encoder or container a value kept, which is stale) is one of its own that holds this
    /// encoder, as ``KeyedContainerCache/reclaim()`` would only make a cached one do at the end
    /// of a value that has already ended.
    func keyedContainer<Key: CodingKey>(
        _: Key.Type, level: Int, generation: Int
    ) -> KeyedEncodingContainer<Key> {
        guard valuesBeingEncoded > 0 else {
            return KeyedContainerCache.owned(Key.self, sink: self, level: level, generation: generation)
        }
        return keyedContainers.container(Key.self, sink: self, level: level, generation: generation)
    }

    // MARK: Frames

    /// Opens a frame above the top one and returns its generation.
    func push(key: consuming StreamPathKey?, implicit: Bool, redacted: Bool, node: Int = KeptPaths.whole) -> Int {
        nextGeneration += 1
        frames.append(
            StreamFrame(
                generation: nextGeneration, implicit: implicit, redacted: redacted, valueStart: bytes.count,
                keyBase: keyRanges.count, key: key))
        if prunes { keptNodes.append(node) }
        return nextGeneration
    }

    /// The place in ``keptPaths`` of the value of member `key` of the keyed frame at `level`:
    /// ``KeptPaths/whole`` when all of it is written, `nil` when the member is left out.
    ///
    /// A frame that is not open (a stale container's) leaves nothing out: ``beginMember(_:_:_:)``
    /// then fails the encoding, as it does without ``keptPaths``.
    func keptNode(of key: String, _ level: Int, _ generation: Int) -> Int? {
        guard let keptPaths, level >= 0, level < frames.count, frames[level].generation == generation else {
            return KeptPaths.whole
        }
        return keptPaths.node(of: key, in: keptNodes[level])
    }

    /// The place in ``keptPaths`` of the frame at `level`, for the single value it holds.
    func keptNode(_ level: Int, _ generation: Int) -> Int {
        guard prunes, level >= 0, level < frames.count, frames[level].generation == generation else {
            return KeptPaths.whole
        }
        return keptNodes[level]
    }

    /// Makes the frame at `level` the top one by closing the nested containers above it;
    /// returns false, marking the encoding failed, when that frame is no longer open or a
    /// value nested in it is still being encoded.
    func enter(_ level: Int, _ generation: Int) -> Bool {
        if failed { return false }
        while frames.count - 1 > level {
            guard frames[frames.count - 1].implicit else { return fail() }
            closeTop()
        }
        guard level >= 0, frames.count - 1 == level, frames[level].generation == generation else { return fail() }
        return true
    }

    func fail() -> Bool {
        failed = true
        return false
    }

    func closeTop() {
        let frame = frames.removeLast()
        if prunes { keptNodes.removeLast() }
        switch frame.kind {
        case .empty:
            bytes.append(UInt8(ascii: "{"))
            bytes.append(UInt8(ascii: "}"))
            deepest = max(deepest, openContainers + 1)
        case .keyed:
            bytes.append(UInt8(ascii: "}"))
            openContainers -= 1
        case .unkeyed:
            bytes.append(UInt8(ascii: "]"))
            openContainers -= 1
        case .single: break
        }
        if frame.redacted { redact(from: frame.valueStart) }
        keyRanges.truncate(to: frame.keyBase)
    }

    /// Makes the frame at `level` a keyed container, writing `{`; false when it is something else.
    func open(_ kind: StreamFrame.Kind, _ level: Int, _ generation: Int) -> Bool {
        guard enter(level, generation) else { return false }
        switch frames[level].kind {
        case kind: return true
        case .empty:
            frames[level].kind = kind
            bytes.append(kind == .keyed ? UInt8(ascii: "{") : UInt8(ascii: "["))
            openContainers += 1
            deepest = max(deepest, openContainers)
            return true
        default: return fail()
        }
    }

    /// Writes `,"key":` for a member of the keyed frame at `level`.
    ///
    /// - Returns: Whether the member's value is redacted, or nil when the encoding failed.
    func beginMember(_ key: String, _ level: Int, _ generation: Int) -> Bool? {
        guard enter(level, generation), frames[level].kind == .keyed else {
            failed = true
            return nil
        }
        if frames[level].count > 0 { bytes.append(UInt8(ascii: ",")) }
        // A name written before: its quoted bytes and facts are at hand.
        if let known = keyNames.find(key) {
            let name = known.pointee
            let start = bytes.count
            bytes.appendWords(from: keyNames.quoted.base + name.start, count: name.count)
            guard endKey(start, isASCII: name.isASCII, bit: name.bit, in: level) else { return nil }
            return name.redacted
        }
        // One look at the key's bytes serves writing it, the duplicate test and redaction.
        if let redacted = key.utf8.withContiguousStorageIfAvailable({ writeKey(key, $0, level) }) { return redacted }
        // Not contiguous (bridged, say): `withUTF8` makes a native copy.
        var native = key
        return native.withUTF8 { writeKey(key, $0, level) }
    }

    /// Writes a key name for the first time, and remembers it in ``keyNames``.
    private func writeKey(_ key: String, _ utf8: UnsafeBufferPointer<UInt8>, _ level: Int) -> Bool? {
        let start = bytes.count
        bytes.appendQuoted(utf8: utf8)
        let isASCII = utf8.isASCII
        let bit = Self.keyBit(utf8)
        let redacted = writer.isRedacted(key, utf8: utf8, isASCII: isASCII)
        keyNames.add(
            key, quotedBytes: UnsafeBufferPointer(start: bytes.base + start, count: bytes.count - start),
            isASCII: isASCII, bit: bit, redacted: redacted)
        guard endKey(start, isASCII: isASCII, bit: bit, in: level) else { return nil }
        return redacted
    }

    /// Finishes the key just written from `start` on: checks that it is new in its frame,
    /// then writes `:`. False, marking the encoding failed, for a repeated key.
    @inline(__always)
    private func endKey(_ start: Int, isASCII: Bool, bit: UInt64, in level: Int) -> Bool {
        let end = bytes.count
        guard isNewKey(start, end, isASCII: isASCII, bit: bit, in: level) else { return fail() }
        keyRanges.append((start, end))
        bytes.append(UInt8(ascii: ":"))
        frames[level].count += 1
        return true
    }

    /// Whether the key just written differs from the frame's earlier keys. Keys that are not
    /// ASCII may equal others as `String`s while their bytes differ: those count as repeated
    /// (the tree encoder handles them), as do objects too large to search.
    private func isNewKey(_ start: Int, _ end: Int, isASCII: Bool, bit: UInt64, in level: Int) -> Bool {
        let keyBase = frames[level].keyBase
        let earlier = keyRanges.count - keyBase
        let seen = frames[level].keyBits
        frames[level].keyBits = seen | bit
        if earlier == 0 {
            if !isASCII { frames[level].hasNonASCIIKey = true }
            return true
        }
        if frames[level].hasNonASCIIKey || !isASCII || earlier > 128 { return false }
        // No earlier key had this key's bit: none can equal it.
        if seen & bit == 0 { return true }
        let length = end - start
        let base = bytes.base
        for index in keyBase..<keyRanges.count {
            let range = keyRanges[index]
            if range.end - range.start == length && memcmp(base + range.start, base + start, length) == 0 { return false }
        }
        return true
    }

    /// One of 64 bits picked by a hash of a key's length and some of its bytes: a frame keeps
    /// the bits of its keys, so that a new key is compared with the earlier ones only when
    /// its bit was seen already.
    private static func keyBit(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = UInt64(truncatingIfNeeded: utf8.count)
        if let first = utf8.first, let last = utf8.last {
            hash = hash &* 31 &+ UInt64(first)
            hash = hash &* 31 &+ UInt64(last)
            hash = hash &* 31 &+ UInt64(utf8[utf8.count / 2])
        }
        return 1 &<< ((hash &* 0x9E37_79B9_7F4A_7C15) &>> 58)
    }

    /// Starts the next element of the unkeyed frame at `level`; returns its index, or nil
    /// when the encoding failed.
    func beginElement(_ level: Int, _ generation: Int) -> Int? {
        guard enter(level, generation), frames[level].kind == .unkeyed else {
            failed = true
            return nil
        }
        let index = frames[level].count
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        frames[level].count += 1
        return index
    }

    /// Starts the single value of the frame at `level`; false when it already has one.
    func beginSingle(_ level: Int, _ generation: Int) -> Bool {
        guard enter(level, generation), frames[level].kind == .empty else { return fail() }
        frames[level].kind = .single
        return true
    }

    /// The coding path of the frame at `level`.
    func codingPath(_ level: Int) -> [any CodingKey] {
        guard level >= 0 else { return [] }
        return frames[...min(level, frames.count - 1)].compactMap { $0.key?.codingKey }
    }

    // MARK: Scalars

    /// Redacts the value written from `start` on, as ``JSONLineWriter`` redacts a tree: a
    /// string or number becomes the placeholder, `null` and booleans stay, and an object or
    /// array keeps its shape with its leaves replaced. Only redacted values pay for this: the
    /// value is written as any other, then rewritten.
    func redact(from start: Int) {
        guard start < bytes.count else { return writePlaceholder() }
        switch bytes[start] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let written = Array(UnsafeBufferPointer(start: bytes.base + start, count: bytes.count - start))
            bytes.truncate(to: start)
            written.withUnsafeBufferPointer { RedactedLeaves.write($0, to: &bytes) }
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            break
        default:
            bytes.truncate(to: start)
            writePlaceholder()
        }
    }

    /// Writes the placeholder in place of a string or number that was never written.
    func writePlaceholder() {
        RedactedLeaves.writePlaceholder(to: &bytes)
    }

    func writeLiteral(_ text: StaticString) {
        bytes.appendBytes(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    func writeSigned(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        writeUnsigned(value.magnitude)
    }

    func writeUnsigned(_ value: UInt64) { bytes.appendDecimal(value) }

    /// Any integer, as its decimal text: for `Int128` and `UInt128`, which are rare.
    func writeInteger(_ value: some BinaryInteger) { bytes.append(utf8: String(value)) }

    func writeDouble(_ value: Double) { bytes.append(utf8: value.description) }
    func writeFloat(_ value: Float) { bytes.append(utf8: value.description) }
}

extension StreamingEncoder {
    /// Marks the encoding failed and returns the error to throw, so that the value is encoded
    /// again by the tree encoder even when the value's `encode(to:)` swallows the error with
    /// `try?`: a `Decimal` NaN's key is already written then, and `{"d":}` would be left.
    func fallBack() -> StreamingFallback {
        failed = true
        return StreamingFallback()
    }
}

/// Thrown inside the streaming encoder to have the value encoded again by the tree encoder.
struct StreamingFallback: Error {}

/// How a frame was reached from its parent, for `codingPath`.
enum StreamPathKey {
    case key(any CodingKey)
    case index(Int)

    var codingKey: any CodingKey {
        switch self {
        case .key(let key): key
        case .index(let index): AnyKey(index: index)
        }
    }
}

/// A value being written by ``StreamingEncoder``.
struct StreamFrame {
    enum Kind { case empty, keyed, unkeyed, single }

    var kind = Kind.empty
    /// Members or elements written so far.
    var count = 0
    /// Tells this frame from earlier ones at the same depth, to catch stale containers.
    let generation: Int
    /// Opened by a nested container or `superEncoder`: closed when its parent is used again.
    let implicit: Bool
    /// The value is written, then redacted (see ``StreamingEncoder/redact(from:)``).
    let redacted: Bool
    let valueStart: Int
    let keyBase: Int
    var hasNonASCIIKey = false
    /// The ``StreamingEncoder/keyBit(_:)`` of every key written so far.
    var keyBits: UInt64 = 0
    let key: StreamPathKey?

    init(generation: Int, implicit: Bool, redacted: Bool, valueStart: Int, keyBase: Int, key: StreamPathKey?) {
        self.generation = generation
        self.implicit = implicit
        self.redacted = redacted
        self.valueStart = valueStart
        self.keyBase = keyBase
        self.key = key
    }
}
