/// A walker, which cannot be copied, in a differ, which can.
///
/// Its accesses are not checked at run time: a differ uses its box only when it holds the
/// only reference, one access at a time, and checking costs a few hundred instructions a
/// step.
final class RawDiffWalkerBox {
    @exclusivity(unchecked) var walker: RawDiffWalker

    init(_ walker: consuming RawDiffWalker) {
        self.walker = walker
    }
}
