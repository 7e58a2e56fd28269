/**
 * The charity finder section of the landing page (anchor `charity-finder`). Its search, results and
 * detail view arrive with the register-and-finder issue; the landing page places it already.
 */
export function CharityFinder() {
  return (
    <div className="charity-finder">
      <h2 id="charity-finder-heading">UK Charity Finder</h2>
      <p>
        Search the Charity Commission register of England and Wales by charity name or registration number,
        and see which charities have joined us.
      </p>
    </div>
  );
}
